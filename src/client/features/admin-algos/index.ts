/** What other admin features use of the algos feature: the algos, instruments and webhook tokens, the pending-signals link. */
export { algoKeys } from './api/algo-keys';
export { useAlgos } from './api/get-algos';
export { useInstruments } from './api/get-instruments';
export { useAllWebhookTokens } from './api/webhook-settings';
export { PendingLink } from './components/pending-link';
