/** The install and update controls the layout shows. */
export { InstallButton } from './components/install-button';
export { UpdatePrompt } from './components/update-prompt';
