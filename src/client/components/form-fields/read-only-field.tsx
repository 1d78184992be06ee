import { IonInput } from '@client/lib/ionic/ion-input';

/** A value shown like an input but not edited through the form (read-only, or greyed out when disabled). */
export function ReadOnlyField({ label, value, disabled }: { label: string; value: string; disabled?: boolean }) {
  return (
    <IonInput
      label={label}
      labelPlacement="stacked"
      fill="outline"
      readonly={!disabled}
      disabled={disabled}
      value={value}
    />
  );
}
