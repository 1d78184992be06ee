/**
 * Member login: email, password, the ALTCHA captcha and Sign In (spec sections 2, 4, 5, 8).
 * Validation uses the shared loginBodySchema; the first invalid field gets the focus. Plain inputs,
 * not Ionic's: the login page is a first visit for most members, and loads no Ionic runtime.
 * zod/mini and the schema are a chunk imported once the form is on screen (or at the first check, if
 * that comes sooner): running them is then a task of its own instead of part of the login page's
 * takeover.
 * A Sign In tapped while the captcha verifies (ticked a moment before, or both tapped on the
 * prerendered page before the app took over) waits for its token and then goes, reading
 * "Signing In..." meanwhile, instead of going without one and being refused.
 */
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import type { LoginBody } from '@shared/schemas/login';
import { PlainInputField } from '@client/components/form-fields/plain-input-field';
import { HOME_AFTER_LOGIN } from '@client/features/session';
import { useLoginMutation } from '../api/login';
import { CaptchaWidget, type CaptchaHandle } from './captcha-widget';

const loadResolver = () => import('../lib/login-resolver').then((m) => m.loginResolver);
const resolver: Resolver<LoginBody> = async (...args) => (await loadResolver())(...args);

export function LoginForm({ returnTo }: { returnTo?: string }) {
  const navigate = useNavigate();
  const captchaRef = useRef<CaptchaHandle>(null);
  const mutation = useLoginMutation();
  const { control, handleSubmit, setValue } = useForm<LoginBody>({
    resolver,
    defaultValues: { email: '', password: '', captcha: undefined },
  });
  useEffect(() => void loadResolver(), []);
  const [awaitingCaptcha, setAwaitingCaptcha] = useState(false);

  const email = useWatch({ control, name: 'email' });

  const onSubmit = handleSubmit(async (body) => {
    try {
      // The outcome's toast is useLoginMutation's: shown when the call settles, so before navigating.
      const loggedIn = await mutation.mutateAsync(body).then(
        () => true,
        () => false,
      );
      if (!loggedIn) return;
      if (returnTo) await navigate({ href: returnTo });
      else await navigate({ to: HOME_AFTER_LOGIN });
    } finally {
      setValue('captcha', undefined);
      captchaRef.current?.reset();
    }
  });

  const signIn = async () => {
    const verifying = captchaRef.current?.verifying();
    if (!verifying) return onSubmit();
    setAwaitingCaptcha(true);
    try {
      await verifying;
      await onSubmit();
    } finally {
      setAwaitingCaptcha(false);
    }
  };

  const pending = awaitingCaptcha || mutation.isPending;
  return (
    <form
      className="login-form"
      onSubmit={(event) => {
        event.preventDefault();
        void signIn();
      }}
      noValidate
      aria-label="Member login"
    >
      <PlainInputField
        control={control}
        name="email"
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        required
      />
      <PlainInputField
        control={control}
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
      />
      <CaptchaWidget email={email} handleRef={captchaRef} onToken={(token) => setValue('captcha', token)} />
      <button type="submit" className="app-button app-button-block" disabled={pending}>
        {pending ? 'Signing In...' : 'Sign In'}
      </button>
    </form>
  );
}
