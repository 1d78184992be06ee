/** "Install app", shown only where the browser offers installation. */
import { downloadOutline } from 'ionicons/icons';
import { Icon } from '@shared/ui/icon';
import { promptInstall, useCanInstall } from '../lib/install-prompt';

export function InstallButton() {
  const canInstall = useCanInstall();
  if (!canInstall) return null;
  return (
    <button
      type="button"
      className="app-button app-button-outline app-button-small install-button"
      onClick={() => void promptInstall()}
    >
      <Icon icon={downloadOutline} />
      Install app
    </button>
  );
}
