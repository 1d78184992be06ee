/**
 * "Are you sure?" on top of the app's Modal: the question (children), Cancel, and a confirm
 * button that is disabled while the action is pending.
 */
import '@client/lib/ionic/setup-ionic';
import { IonSpinner } from '@ionic/react';
import { IonButton } from '@client/lib/ionic/ion-button';
import type { ReactNode } from 'react';
import { Modal } from './modal';
import './confirm-dialog.css';

export interface ConfirmDialogProps {
  isOpen: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The button that backs out; "Cancel" unless that would read like the action itself. */
  cancelLabel?: string;
  onConfirm: () => void;
  /** Also called when the dialog is dismissed (Close, backdrop, Escape). */
  onCancel: () => void;
  pending?: boolean;
}

export function ConfirmDialog({
  isOpen,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  onCancel,
  pending = false,
}: ConfirmDialogProps) {
  return (
    <Modal isOpen={isOpen} title={title} onClose={onCancel}>
      <div className="confirm-dialog-body">{children}</div>
      <div className="confirm-dialog-actions">
        <IonButton fill="outline" onClick={onCancel}>
          {cancelLabel}
        </IonButton>
        <IonButton onClick={onConfirm} disabled={pending} aria-busy={pending || undefined}>
          {pending && <IonSpinner slot="start" name="crescent" aria-hidden="true" />}
          {confirmLabel}
        </IonButton>
      </div>
    </Modal>
  );
}
