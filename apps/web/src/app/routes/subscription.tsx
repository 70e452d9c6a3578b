import { useCurrentUser } from '../../features/auth/current-user.tsx';
import { ComingSoonPage } from './coming-soon-page.tsx';

export default function SubscriptionRoute() {
  const user = useCurrentUser();
  // Spec section 6: anyone other than a parent sees the grandparent plans.
  return (
    <ComingSoonPage
      title={user.role === 'parent' ? 'Parent Plans' : 'Grandparent Plans'}
      description="Choosing and managing your Free, Premium or Gold plan is coming soon. Everything you use today stays free."
    />
  );
}
