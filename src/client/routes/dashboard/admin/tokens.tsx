import { createFileRoute } from '@tanstack/react-router';
import { TokensPage } from '@client/features/admin-operations/components/tokens-page';
import { titleHead } from '@client/lib/page-head';

export const Route = createFileRoute('/dashboard/admin/tokens')({
  head: () => titleHead('Tokens'),
  component: TokensPage,
});
