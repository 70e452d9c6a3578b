import { useCurrentUser } from '../../features/auth/current-user.tsx';
import { premiumStatusQueryOptions } from '../../features/billing/api/get-premium-status.ts';
import { SubscriptionPage } from '../../features/billing/components/subscription-page.tsx';
import { prefetchForPage } from '../../lib/prefetch-for-page.ts';
import type { PagePrefetch } from '../lazy-page.tsx';

/** The plan and its renewal, asked for by the page's loader (lazy-page.tsx `loadPage`). */
export const prefetch: PagePrefetch = (client) => prefetchForPage(client, premiumStatusQueryOptions());

/** `/subscription`: plans, the current plan and the FAQ. */
export default function SubscriptionRoute() {
  const user = useCurrentUser();
  return <SubscriptionPage role={user.role} />;
}
