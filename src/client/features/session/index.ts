/** What the rest of the client uses of the session (imports from other features come through here). */
export { memberKeys, sessionQueryKey } from './api/check-session';
export { useCurrentUser } from './hooks/use-current-user';
export { HOME_AFTER_LOGIN } from './lib/guards';
export { forgetUserData } from './lib/session-persistence';
