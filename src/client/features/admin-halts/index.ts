/** What other admin features use of the trading halts. */
export { useHalts } from './api/halts';
export { HaltControls } from './components/halt-controls';
export { TradingHaltsPanel } from './components/trading-halts-panel';
