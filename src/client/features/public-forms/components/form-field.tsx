/**
 * One question of a public form, drawn from its shared definition with the app's form fields: an
 * input or text area, a radio group, a select, or a list of checkboxes. The label is the question;
 * hints and errors sit under it. Focus on an error brings the question to the middle of the modal.
 */
import type { AutocompleteTypes } from '@ionic/core';
import type { Control } from 'react-hook-form';
import { CheckboxListField } from '@client/components/form-fields/checkbox-list-field';
import { InputField } from '@client/components/form-fields/input-field';
import { RadioGroupField } from '@client/components/form-fields/radio-group-field';
import { SelectField } from '@client/components/form-fields/select-field';
import { TextAreaField } from '@client/components/form-fields/text-area-field';
import type { FieldDefinition } from '@shared/forms/form-definition';
import type { AnyAnswers } from '../lib/form-answers';

export function FormField({ field, control }: { field: FieldDefinition; control: Control<AnyAnswers> }) {
  return (
    <div className="form-field" data-field={field.name}>
      <FieldControl field={field} control={control} />
    </div>
  );
}

function FieldControl({ field, control }: { field: FieldDefinition; control: Control<AnyAnswers> }) {
  const common = { control, name: field.name, label: field.title, helperText: field.hint, centerOnFocus: true };
  switch (field.kind) {
    case 'radio':
      return <RadioGroupField {...common} options={field.options} />;
    case 'select':
      return <SelectField {...common} options={field.options} placeholder="Choose an option" />;
    case 'checkbox-multi':
      return <CheckboxListField {...common} options={field.options} />;
    case 'textarea':
      return (
        <TextAreaField
          {...common}
          rows={3}
          required={field.required}
          placeholder={field.placeholder}
          maxlength={field.maxLength}
        />
      );
    case 'text':
    case 'email':
    case 'tel':
      return (
        <InputField
          {...common}
          type={field.kind}
          inputmode={field.kind}
          required={field.required}
          placeholder={field.placeholder}
          autocomplete={field.autoComplete as AutocompleteTypes | undefined}
          maxlength={'maxLength' in field ? field.maxLength : undefined}
        />
      );
  }
}
