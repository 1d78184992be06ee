import { createFileRoute } from '@tanstack/react-router';
import { TokensPage } from '@client/features/admin-operations/components/tokens-page';

export const Route = createFileRoute('/dashboard/admin/tokens')({
  component: TokensPage,
});
