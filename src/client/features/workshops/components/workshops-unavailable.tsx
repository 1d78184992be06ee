/** The workshops route's error view: the list could not be fetched and none is saved on this device. */
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { OfflineError } from '@client/lib/api';
import { Page } from '@client/components/page';
import { WORKSHOPS_TITLE } from '../lib/workshops-head';

export function WorkshopsUnavailable({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <Page title={WORKSHOPS_TITLE}>
      <p role="alert">
        {error instanceof OfflineError
          ? 'You are offline and the workshop list has not been saved on this device yet. Connect to the internet once and it stays available offline.'
          : 'The workshop list could not be loaded. Please try again in a moment.'}
      </p>
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
