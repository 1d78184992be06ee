/** What other features use of the notifications feature. */
export { NotificationsToggle } from './components/notifications-toggle';
