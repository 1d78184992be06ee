/**
 * Cancel and the submit button at the end of a form of Ionic fields. Such forms take the `app-form`
 * class, which is styled along with this row (app-form.css): every one of them ends with it.
 */
import { IonButton } from '@client/lib/ionic/ion-button';
import './app-form.css';

/** The submit button shows `pendingLabel` and is disabled while the save runs. */
export function FormActions({
  pending,
  onCancel,
  submitLabel = 'Save',
  pendingLabel = 'Saving...',
}: {
  pending: boolean;
  onCancel: () => void;
  submitLabel?: string;
  pendingLabel?: string;
}) {
  return (
    <div className="form-actions">
      <IonButton fill="outline" onClick={onCancel}>
        Cancel
      </IonButton>
      <IonButton type="submit" disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </IonButton>
    </div>
  );
}
