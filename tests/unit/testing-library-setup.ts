/**
 * Setup file of the unit-dom project, after tests/support/fail-on-console-error.ts: what Testing
 * Library does by itself where test globals exist (they are off here). React warns of a state
 * update outside act() only where IS_REACT_ACT_ENVIRONMENT is set; and what a test rendered is
 * unmounted after it, so that nothing it left mounted re-renders during the next test.
 */
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// Registered after fail-on-console-error.ts's hook, so it runs before it: an error logged while
// unmounting still fails the test. A test file's own afterEach hooks run before both.
afterEach(cleanup);

// The files of a worker share its modules (vitest.config.ts): each file imports the app afresh, so
// no module state (toasts, the session's last user, the online flag...) passes from one to the next.
vi.resetModules();
