/**
 * The member's broker form (react-hook-form + the shared zod schema). Unchanged fields close the
 * modal without a call (spec section 5); a failed save keeps the modal open with the typed values.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { IonButton, IonInput, IonInputPasswordToggle, IonSelect, IonSelectOption } from '@ionic/react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { MEMBER_BROKERS } from '../../../../shared/constants';
import { MSG } from '../../../../shared/messages';
import { memberBrokerDetailsSchema, type AccountSettings } from '../../../../shared/schemas/account';
import { OfflineError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useUpdateBrokerDetails, type MemberBrokerDetails } from '../api/update-broker-details';

const isMemberBroker = (name: string): name is MemberBrokerDetails['broker_name'] =>
  (MEMBER_BROKERS as readonly string[]).includes(name);

/** A blank key keeps the stored one, so only a typed key is a change. */
export function isUnchanged(values: MemberBrokerDetails, account: AccountSettings): boolean {
  return (
    values.broker_name === account.broker_name &&
    values.broker_client_id === account.broker_client_id &&
    values.broker_access_key === ''
  );
}

const invalidClass = (invalid: boolean) => (invalid ? 'ion-invalid ion-touched' : undefined);

export function BrokerDetailsForm({ userId, account, onDone }: { userId: number; account: AccountSettings; onDone: () => void }) {
  const mutation = useUpdateBrokerDetails(userId);
  const { control, handleSubmit } = useForm<z.input<typeof memberBrokerDetailsSchema>, unknown, MemberBrokerDetails>({
    resolver: zodResolver(memberBrokerDetailsSchema),
    defaultValues: {
      // A broker set by an admin that members cannot pick (angelone) must be chosen anew.
      broker_name: isMemberBroker(account.broker_name) ? account.broker_name : undefined,
      broker_client_id: account.broker_client_id,
      broker_access_key: '',
    },
  });

  const onSubmit = handleSubmit((values) => {
    if (isUnchanged(values, account)) return onDone();
    mutation.mutate(values, {
      onSuccess: () => {
        toast.success(MSG.brokerUpdateSuccess);
        onDone();
      },
      onError: (error) => toast.error(error instanceof OfflineError ? MSG.offline : MSG.brokerUpdateFailure),
    });
  });

  return (
    <form className="broker-form" onSubmit={onSubmit} noValidate>
      <Controller
        name="broker_name"
        control={control}
        render={({ field, fieldState }) => (
          <IonSelect
            label="Broker Name"
            labelPlacement="stacked"
            fill="outline"
            interface="popover"
            placeholder="Choose a broker"
            value={field.value}
            onIonChange={(e) => field.onChange(e.detail.value)}
            onIonBlur={field.onBlur}
            className={invalidClass(fieldState.invalid)}
            errorText={fieldState.error?.message}
            ref={(el) => field.ref({ focus: () => el?.focus() })}
          >
            {MEMBER_BROKERS.map((name) => (
              <IonSelectOption key={name} value={name}>
                {name}
              </IonSelectOption>
            ))}
          </IonSelect>
        )}
      />
      <Controller
        name="broker_client_id"
        control={control}
        render={({ field, fieldState }) => (
          <IonInput
            label="Broker Client ID"
            labelPlacement="stacked"
            fill="outline"
            autocomplete="off"
            value={field.value}
            onIonInput={(e) => field.onChange(e.detail.value ?? '')}
            onIonBlur={field.onBlur}
            className={invalidClass(fieldState.invalid)}
            errorText={fieldState.error?.message}
            ref={(el) => field.ref({ focus: () => void el?.setFocus() })}
          />
        )}
      />
      <Controller
        name="broker_access_key"
        control={control}
        render={({ field, fieldState }) => (
          <IonInput
            label="Broker Access Key"
            labelPlacement="stacked"
            fill="outline"
            type="password"
            autocomplete="off"
            helperText="Leave blank to keep the current key"
            value={field.value}
            onIonInput={(e) => field.onChange(e.detail.value ?? '')}
            onIonBlur={field.onBlur}
            className={invalidClass(fieldState.invalid)}
            errorText={fieldState.error?.message}
            ref={(el) => field.ref({ focus: () => void el?.setFocus() })}
          >
            <IonInputPasswordToggle slot="end" />
          </IonInput>
        )}
      />
      <div className="broker-form-actions">
        <IonButton fill="outline" onClick={onDone}>
          Cancel
        </IonButton>
        <IonButton type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? 'Saving...' : 'Save'}
        </IonButton>
      </div>
    </form>
  );
}
