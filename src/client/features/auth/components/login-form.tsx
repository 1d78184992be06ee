/**
 * Member login: email, password, the ALTCHA captcha and Sign In (spec sections 2, 4, 5, 8).
 * Validation uses the shared loginBodySchema; the first invalid field gets the focus.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { IonButton, IonInput, IonInputPasswordToggle } from '@ionic/react';
import { useNavigate } from '@tanstack/react-router';
import { useRef } from 'react';
import { Controller, useForm, type ControllerRenderProps } from 'react-hook-form';
import { MSG } from '../../../../shared/messages';
import { loginBodySchema, type LoginBody } from '../../../../shared/schemas/session';
import { toast } from '../../../lib/toast';
import { HOME_AFTER_LOGIN } from '../../session/lib/guards';
import { loginErrorMessage, useLoginMutation } from '../api/login';
import { CaptchaWidget, type CaptchaHandle } from './captcha-widget';

/** Ionic inputs focus through setFocus(); react-hook-form calls focus() on the first invalid field. */
function focusableRef(fieldRef: ControllerRenderProps['ref']) {
  return (el: HTMLIonInputElement | null) => fieldRef(el ? { focus: () => void el.setFocus() } : null);
}

export function LoginForm() {
  const navigate = useNavigate();
  const captchaRef = useRef<CaptchaHandle>(null);
  const mutation = useLoginMutation();
  const { control, handleSubmit, setValue } = useForm<LoginBody>({
    resolver: zodResolver(loginBodySchema),
    defaultValues: { email: '', password: '', captcha: undefined },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      await mutation.mutateAsync(body);
      toast.success(MSG.loginSuccess);
      await navigate({ to: HOME_AFTER_LOGIN });
    } catch (error) {
      toast.error(loginErrorMessage(error));
    } finally {
      setValue('captcha', undefined);
      captchaRef.current?.reset();
    }
  });

  return (
    <form className="login-form" onSubmit={onSubmit} noValidate aria-label="Member login">
      <Controller
        name="email"
        control={control}
        render={({ field, fieldState }) => (
          <IonInput
            ref={focusableRef(field.ref)}
            label="Email"
            labelPlacement="floating"
            fill="outline"
            type="email"
            inputmode="email"
            autocomplete="email"
            required
            name={field.name}
            value={field.value}
            onIonInput={(e) => field.onChange(e.detail.value ?? '')}
            onIonBlur={field.onBlur}
            errorText={fieldState.error?.message}
            className={fieldState.error ? 'ion-invalid ion-touched' : undefined}
          />
        )}
      />
      <Controller
        name="password"
        control={control}
        render={({ field, fieldState }) => (
          <IonInput
            ref={focusableRef(field.ref)}
            label="Password"
            labelPlacement="floating"
            fill="outline"
            type="password"
            autocomplete="current-password"
            required
            name={field.name}
            value={field.value}
            onIonInput={(e) => field.onChange(e.detail.value ?? '')}
            onIonBlur={field.onBlur}
            errorText={fieldState.error?.message}
            className={fieldState.error ? 'ion-invalid ion-touched' : undefined}
          >
            <IonInputPasswordToggle slot="end" />
          </IonInput>
        )}
      />
      <CaptchaWidget handleRef={captchaRef} onToken={(token) => setValue('captcha', token)} />
      <IonButton type="submit" expand="block" disabled={mutation.isPending}>
        {mutation.isPending ? 'Signing In...' : 'Sign In'}
      </IonButton>
    </form>
  );
}
