/**
 * Add or edit a workshop: title, description, date, time (10:00AM IST unless said otherwise), level,
 * and the joining link mailed to registrants 24 hours before the start.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DEFAULT_WORKSHOP_TIME_LABEL, WORKSHOP_LEVELS } from '@shared/forms/workshop-schedule';
import { workshopBodySchema, type AdminWorkshop } from '@shared/schemas/admin/inbox';
import { FormActions } from '@client/components/form-fields/form-actions';
import { InputField } from '@client/components/form-fields/input-field';
import { optionsOf, SelectField } from '@client/components/form-fields/select-field';
import { TextAreaField } from '@client/components/form-fields/text-area-field';
import { dateText } from '@client/lib/form-text';
import { useServerFieldErrors } from '@client/lib/server-field-errors';
import { useSaveWorkshop } from '../api/save-workshop';

export function WorkshopForm({ workshop, onDone }: { workshop: AdminWorkshop | null; onDone: () => void }) {
  const mutation = useSaveWorkshop();
  const { control, handleSubmit, setError } = useForm<
    z.input<typeof workshopBodySchema>,
    unknown,
    z.output<typeof workshopBodySchema>
  >({
    resolver: zodResolver(workshopBodySchema),
    defaultValues: {
      title: workshop?.title ?? '',
      description: workshop?.description ?? '',
      workshop_date: dateText(workshop?.workshop_date),
      time_label: workshop?.time_label ?? DEFAULT_WORKSHOP_TIME_LABEL,
      level: workshop?.level,
      joining_link: workshop?.joining_link ?? '',
    },
  });
  useServerFieldErrors(mutation.error, setError);

  const onSubmit = handleSubmit((body) =>
    mutation.mutate({ id: workshop?.workshop_id ?? null, body }, { onSuccess: onDone }),
  );

  return (
    <form className="app-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <InputField control={control} name="title" label="Title" />
      <TextAreaField control={control} name="description" label="Description" />
      <InputField control={control} name="workshop_date" label="Date" type="date" />
      <InputField control={control} name="time_label" label="Time" helperText="Like 10:00AM IST" />
      <SelectField
        control={control}
        name="level"
        label="Level"
        placeholder="Choose a level"
        options={optionsOf(WORKSHOP_LEVELS)}
      />
      <InputField
        control={control}
        name="joining_link"
        label="Joining link"
        type="url"
        helperText="https:// link, mailed to each registrant 24 hours before the start; shown to nobody else"
      />
      <FormActions pending={mutation.isPending} onCancel={onDone} />
    </form>
  );
}
