/**
 * Any path without a route of its own, or whose ids are not ids (lib/route-params.ts), shows the
 * home page (spec section 2).
 */
import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '@client/features/home/components/home-page';
import { HOME_HEAD } from '@client/features/home/lib/home-head';

export const Route = createFileRoute('/$')({
  head: () => HOME_HEAD,
  component: HomePage,
});
