/**
 * /workshops/confirm#<token>: the confirmation mail's link. Opening it changes nothing (a mail
 * scanner that fetches it confirms nothing); the Confirm button does. Shows only the product's
 * texts (shared/workshop-confirmation.ts), never anything from the address but the token it sends.
 */
import { useLocation } from '@tanstack/react-router';
import { CONFIRM_TEXTS, workshopConfirmationBodySchema } from '@shared/workshop-confirmation';
import { Page } from '@client/components/page';
import { refusalMessage } from '@client/lib/save-failure';
import { useConfirmRegistration } from '../api/confirm-registration';

export const CONFIRM_TITLE = 'Confirm your workshop registration';
const CONFIRM_FAILURE = 'Could not confirm, please try again later';

export function WorkshopConfirmPage() {
  const hash = useLocation({ select: (location) => location.hash });
  const body = workshopConfirmationBodySchema.safeParse({ token: hash.replace(/^#/, '') });
  const confirm = useConfirmRegistration();

  if (!body.success) return <ConfirmFrame text={CONFIRM_TEXTS.unknown} />;
  if (confirm.data) return <ConfirmFrame text={CONFIRM_TEXTS[confirm.data]} />;
  return (
    <Page title={CONFIRM_TITLE}>
      <p className="page-intro">Press Confirm to receive the workshop's joining link at this e-mail address.</p>
      {confirm.isError && <p role="alert">{refusalMessage(confirm.error, CONFIRM_FAILURE)}</p>}
      <button
        type="button"
        className="app-button"
        disabled={confirm.isPending}
        onClick={() => confirm.mutate(body.data)}
      >
        Confirm
      </button>
    </Page>
  );
}

function ConfirmFrame({ text }: { text: string }) {
  return (
    <Page title={CONFIRM_TITLE}>
      <p role="status" className="page-intro">
        {text}
      </p>
      <p>
        <a href="/workshops">Online Workshops</a>
      </p>
    </Page>
  );
}
