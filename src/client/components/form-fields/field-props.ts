/** What every control of the form-field system takes: the react-hook-form field it is bound to and its label. */
import type { Control, FieldPath, FieldValues } from 'react-hook-form';

export interface FieldProps<T extends FieldValues, U> {
  /** The form's control; U is what its resolver outputs. */
  control: Control<T, unknown, U>;
  name: FieldPath<T>;
  label: string;
  helperText?: string;
  disabled?: boolean;
  /** Focus on an error first scrolls the control to the middle of its scroller (a long modal form keeps the question in sight). */
  centerOnFocus?: boolean;
}

export interface ChoiceOption {
  value: string | number;
  label: string;
}
