/** What other features use of the inbox: the safe rendering of a public form's stored HTML. */
export { safeHtml } from './lib/safe-html';
