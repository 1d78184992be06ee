/**
 * The app's reusable modal (spec section 2): optional title, a Close button, backdrop click closes,
 * the body scrolls when the content is taller than the 98vh cap.
 */
import '@client/lib/ionic/setup-ionic';
import { IonButtons, IonHeader, IonIcon, IonModal, IonTitle, IonToolbar } from '@ionic/react';
import { IonButton } from '@client/lib/ionic/ion-button';
import { close } from 'ionicons/icons';
import { useId, type CSSProperties, type ReactNode } from 'react';
import { MODAL_MAX_HEIGHT } from '@shared/constants';
import './modal.css';

export interface ModalProps {
  isOpen: boolean;
  title?: string;
  onClose: () => void;
  children: ReactNode;
}

const modalStyle = { '--max-height': MODAL_MAX_HEIGHT } as CSSProperties;

export function Modal({ isOpen, title, onClose, children }: ModalProps) {
  const titleId = useId();
  return (
    <IonModal
      isOpen={isOpen}
      // Ionic reports every dismissal, also the one isOpen={false} asked for (no role); only one it
      // started itself (backdrop, Escape, a gesture: with a role) is the user closing. Reporting ours
      // too would call onClose late, and could close the next dialog opened in the meantime.
      onDidDismiss={(event) => {
        if (event.detail.role !== undefined) onClose();
      }}
      backdropDismiss
      className="app-modal"
      style={modalStyle}
      aria-labelledby={title ? titleId : undefined}
    >
      <IonHeader>
        <IonToolbar>
          {title && <IonTitle id={titleId}>{title}</IonTitle>}
          <IonButtons slot="end">
            <IonButton onClick={onClose} aria-label="Close">
              <IonIcon slot="icon-only" icon={close} aria-hidden="true" />
            </IonButton>
          </IonButtons>
        </IonToolbar>
      </IonHeader>
      <div className="app-modal-body">{children}</div>
    </IonModal>
  );
}
