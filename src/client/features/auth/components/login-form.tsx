/**
 * Member login: email, password, the ALTCHA captcha and Sign In (spec sections 2, 4, 5, 8).
 * Validation uses the shared loginBodySchema, at Sign In and then as the member corrects a field;
 * the first invalid field gets the focus. Plain inputs and state, not Ionic's inputs nor
 * react-hook-form: the login page is a first visit for most members, and its takeover should be
 * short tasks (useForm re-renders the form within the commit that mounts it, after running every
 * pending effect of the page: that commit's task took 63-102 ms at 4x CPU). zod/mini and the schema are a chunk imported once the form is
 * on screen (or at the first check, if that comes sooner): running them is then a task of its own.
 * A Sign In tapped while the captcha verifies (ticked a moment before, or both tapped on the
 * prerendered page before the app took over) waits for its token and then goes, reading
 * "Signing In..." meanwhile, instead of going without one and being refused.
 */
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { PlainInputField } from '@client/components/form-fields/plain-input-field';
import { HOME_AFTER_LOGIN } from '@client/features/session';
import { useLoginMutation } from '../api/login';
import type { LoginErrors } from '../lib/check-login';
import { CaptchaWidget, type CaptchaHandle } from './captcha-widget';

const loadCheck = () => import('../lib/check-login').then((m) => m.checkLogin);

type Field = 'email' | 'password';
/** In the form's order: the first with an error gets the focus. */
const FIELDS: readonly Field[] = ['email', 'password'];

export function LoginForm({ returnTo }: { returnTo?: string }) {
  const navigate = useNavigate();
  const captchaRef = useRef<CaptchaHandle>(null);
  const mutation = useLoginMutation();
  const [values, setValues] = useState<Record<Field, string>>({ email: '', password: '' });
  // What Sign In sends, read when it goes (after a wait for the captcha, say), not when it was tapped.
  const typed = useRef(values);
  const captcha = useRef<string | undefined>(undefined);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const [errors, setErrors] = useState<LoginErrors>({});
  const checkedOnce = useRef(false);
  useEffect(() => void loadCheck(), []);
  const [awaitingCaptcha, setAwaitingCaptcha] = useState(false);

  const change = (field: Field, value: string) => {
    typed.current = { ...typed.current, [field]: value };
    setValues(typed.current);
    if (!checkedOnce.current) return;
    const now = typed.current;
    void loadCheck().then((check) => setErrors((shown) => ({ ...shown, [field]: check(now).errors?.[field] })));
  };

  const submit = async () => {
    checkedOnce.current = true;
    const checked = (await loadCheck())({ ...typed.current, captcha: captcha.current });
    setErrors(checked.errors ?? {});
    if (checked.errors) {
      const first = FIELDS.find((field) => checked.errors[field]);
      if (first) inputs.current[first]?.focus();
      return;
    }
    try {
      // The outcome's toast is useLoginMutation's: shown when the call settles, so before navigating.
      const loggedIn = await mutation.mutateAsync(checked.body).then(
        () => true,
        () => false,
      );
      if (!loggedIn) return;
      if (returnTo) await navigate({ href: returnTo });
      else await navigate({ to: HOME_AFTER_LOGIN });
    } finally {
      captcha.current = undefined;
      captchaRef.current?.reset();
    }
  };

  const signIn = async () => {
    const verifying = captchaRef.current?.verifying();
    if (!verifying) return submit();
    setAwaitingCaptcha(true);
    try {
      await verifying;
      await submit();
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
        name="email"
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        required
        value={values.email}
        onChange={(value) => change('email', value)}
        error={errors.email}
        inputRef={(input) => void (inputs.current.email = input)}
      />
      <PlainInputField
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        value={values.password}
        onChange={(value) => change('password', value)}
        error={errors.password}
        inputRef={(input) => void (inputs.current.password = input)}
      />
      <CaptchaWidget email={values.email} handleRef={captchaRef} onToken={(token) => (captcha.current = token)} />
      <button type="submit" className="app-button app-button-block" disabled={pending}>
        {pending ? 'Signing In...' : 'Sign In'}
      </button>
    </form>
  );
}
