/** boot.ts (client) keeps its own copy of the start mark: this reads its source, with node:fs. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TAKEOVER_START_MARK } from '@client/lib/takeover-marks';

describe('the takeover marks', () => {
  it('boot.ts marks the start under the name the bench reads (its own copy: it imports nothing)', () => {
    const boot = readFileSync(path.resolve('src/client/boot.ts'), 'utf8');
    expect(boot).toContain(`const TAKEOVER_START_MARK = '${TAKEOVER_START_MARK}';`);
    expect(boot).not.toMatch(/^import /m);
  });
});
