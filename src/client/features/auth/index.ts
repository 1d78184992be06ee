/** What other features use of sign-in and sign-out. */
export { useLogout } from './api/logout';
