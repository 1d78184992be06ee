/** "Install app", shown only where the browser offers installation. */
import { IonButton, IonIcon } from '@ionic/react';
import { downloadOutline } from 'ionicons/icons';
import { promptInstall, useCanInstall } from '../lib/install-prompt';

export function InstallButton() {
  const canInstall = useCanInstall();
  if (!canInstall) return null;
  return (
    <IonButton fill="outline" size="small" className="install-button" onClick={() => void promptInstall()}>
      <IonIcon slot="start" icon={downloadOutline} aria-hidden="true" />
      Install app
    </IonButton>
  );
}
