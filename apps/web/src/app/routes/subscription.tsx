import { useCurrentUser } from '../../features/auth/current-user.tsx';
import { SubscriptionPage } from '../../features/billing/components/subscription-page.tsx';

/** `/subscription`: plans, the current plan and the FAQ. */
export default function SubscriptionRoute() {
  const user = useCurrentUser();
  return <SubscriptionPage role={user.role} />;
}
