import type { ControllerFieldState, ControllerRenderProps, FieldValues } from 'react-hook-form';
import type { FieldProps } from './field-props';
import { focusOnError } from './focus-on-error';
import { invalidClass } from './invalid-marking';

export type LabelPlacement = 'stacked' | 'floating';

/**
 * What Ionic's outlined input, text area and select share: the label above the control, name,
 * blur, focus on error, and the hint or error under it (Ionic shows errorText only on a control
 * marked invalid and touched).
 */
export function outlineProps<T extends FieldValues>(
  {
    label,
    name,
    helperText,
    disabled,
    centerOnFocus,
    labelPlacement = 'stacked',
  }: Omit<FieldProps<T, unknown>, 'control'> & { labelPlacement?: LabelPlacement },
  field: ControllerRenderProps<T>,
  fieldState: ControllerFieldState,
) {
  return {
    label,
    labelPlacement,
    fill: 'outline' as const,
    name,
    disabled,
    helperText,
    onIonBlur: field.onBlur,
    className: invalidClass(fieldState.invalid),
    errorText: fieldState.error?.message,
    ref: focusOnError(field.ref, centerOnFocus),
  };
}
