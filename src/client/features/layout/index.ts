/** What the home page uses of the layout: its section ids and the prerendered page's handover. */
export { whenLivePageShown } from './lib/prerendered-page';
export type { HomeSection } from './nav-links';
