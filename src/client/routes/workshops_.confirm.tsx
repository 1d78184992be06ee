/** /workshops/confirm: a workshop registration's confirmation link (not nested in the workshops list's route). */
import { createFileRoute } from '@tanstack/react-router';
import { CONFIRM_TITLE, WorkshopConfirmPage } from '@client/features/workshops/components/workshop-confirm-page';
import { titleHead } from '@client/lib/page-head';

export const Route = createFileRoute('/workshops_/confirm')({
  head: () => titleHead(CONFIRM_TITLE),
  component: WorkshopConfirmPage,
});
