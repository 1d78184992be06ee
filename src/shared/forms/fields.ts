/**
 * Builders for field definitions, so each form reads as a list of questions. They keep the field
 * name and kind as literal types, which is what types the form's answers.
 */
import {
  YES_NO,
  type ChoiceFieldDefinition,
  type FormOption,
  type MultiChoiceFieldDefinition,
  type PhoneFieldDefinition,
  type TextFieldDefinition,
} from './form-definition';

interface Extras {
  required?: boolean;
  hint?: string;
  placeholder?: string;
  autoComplete?: string;
}
interface TextExtras extends Extras {
  maxLength?: number;
}

type Named<N extends string, F, K extends string> = Omit<F, 'name' | 'kind'> & { readonly name: N; readonly kind: K };

const SHORT_TEXT_MAX = 200;
const LONG_TEXT_MAX = 4000;

/** Text builders set their own maxLength after this spread, so extras may carry it. */
function base(title: string, { required = true, ...rest }: TextExtras) {
  return { title, required, ...rest };
}

export function shortText<N extends string>(
  name: N,
  title: string,
  extras: TextExtras = {},
): Named<N, TextFieldDefinition, 'text'> {
  return { ...base(title, extras), name, kind: 'text', maxLength: extras.maxLength ?? SHORT_TEXT_MAX };
}

export function longText<N extends string>(
  name: N,
  title: string,
  extras: TextExtras = {},
): Named<N, TextFieldDefinition, 'textarea'> {
  return { ...base(title, extras), name, kind: 'textarea', maxLength: extras.maxLength ?? LONG_TEXT_MAX };
}

export function email<N extends string>(
  name: N,
  title: string,
  extras: Extras = {},
): Named<N, TextFieldDefinition, 'email'> {
  return { autoComplete: 'email', ...base(title, extras), name, kind: 'email', maxLength: 254 };
}

export function phone<N extends string>(
  name: N,
  title: string,
  format: PhoneFieldDefinition['format'],
  extras: Extras = {},
): Named<N, PhoneFieldDefinition, 'tel'> {
  return { autoComplete: 'tel', placeholder: '+91 98765 43210', ...base(title, extras), name, kind: 'tel', format };
}

export function radio<N extends string>(
  name: N,
  title: string,
  options: readonly FormOption[],
  extras: Extras = {},
): Named<N, ChoiceFieldDefinition, 'radio'> {
  return { ...base(title, extras), name, kind: 'radio', options };
}

export function yesNo<N extends string>(
  name: N,
  title: string,
  extras: Extras = {},
): Named<N, ChoiceFieldDefinition, 'radio'> {
  return radio(name, title, YES_NO, extras);
}

export function select<N extends string>(
  name: N,
  title: string,
  options: readonly FormOption[],
  extras: Extras = {},
): Named<N, ChoiceFieldDefinition, 'select'> {
  return { ...base(title, extras), name, kind: 'select', options };
}

/** Multi-choice checkboxes: never required (spec section 5). */
export function multi<N extends string>(
  name: N,
  title: string,
  options: readonly FormOption[],
  extras: Omit<Extras, 'required'> = {},
): Named<N, MultiChoiceFieldDefinition, 'checkbox-multi'> {
  return { ...base(title, extras), name, kind: 'checkbox-multi', options, required: false };
}
