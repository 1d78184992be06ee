/** The router's default error view: what failed, and a way to try again. */
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { Page } from './page';

export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const message = error instanceof Error ? error.message : String(error);
  return (
    <Page title="Something went wrong">
      <p role="alert">{message}</p>
      <button
        type="button"
        className="app-button"
        onClick={() => {
          reset();
          void router.invalidate();
        }}
      >
        Try again
      </button>
    </Page>
  );
}
