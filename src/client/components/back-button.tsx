/** "Back" to the previous page (every admin page has one); without history it goes to the admin home. */
import '@client/lib/ionic/setup-ionic';
import { IonIcon } from '@ionic/react';
import { IonButton } from '@client/lib/ionic/ion-button';
import { useCanGoBack, useRouter } from '@tanstack/react-router';
import { arrowBack } from 'ionicons/icons';

export function BackButton({ fallback = '/dashboard/admin' }: { fallback?: string }) {
  const router = useRouter();
  const canGoBack = useCanGoBack();
  return (
    <IonButton
      fill="outline"
      className="back-button"
      onClick={() => (canGoBack ? router.history.back() : void router.navigate({ to: fallback }))}
    >
      <IonIcon slot="start" icon={arrowBack} aria-hidden="true" />
      Back
    </IonButton>
  );
}
