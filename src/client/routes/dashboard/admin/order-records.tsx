import { createFileRoute } from '@tanstack/react-router';
import { OrderRecordsPage } from '@client/features/admin-operations/components/order-records-page';
import { titleHead } from '@client/lib/page-head';

export const Route = createFileRoute('/dashboard/admin/order-records')({
  head: () => titleHead('Order Records'),
  component: OrderRecordsPage,
});
