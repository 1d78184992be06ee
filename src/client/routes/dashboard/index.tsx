import { createFileRoute, redirect } from '@tanstack/react-router';
import { HOME_AFTER_LOGIN } from '@client/features/session/lib/guards';

export const Route = createFileRoute('/dashboard/')({
  beforeLoad: () => {
    throw redirect({ to: HOME_AFTER_LOGIN, replace: true });
  },
});
