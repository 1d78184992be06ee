import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '@client/features/home/components/home-page';
import { HOME_HEAD } from '@client/features/home/lib/home-head';

export const Route = createFileRoute('/home')({
  head: () => HOME_HEAD,
  component: HomePage,
});
