import { useParams } from 'react-router';
import { useCurrentUser } from '../../features/auth/current-user.tsx';
import { LocalCheckoutPage } from '../../features/billing/components/local-checkout-page.tsx';

/** `/billing/checkout/{sessionId}`: the local provider's test-mode checkout. */
export default function BillingCheckoutRoute() {
  const { sessionId = '' } = useParams();
  const user = useCurrentUser();
  return <LocalCheckoutPage key={sessionId} sessionId={sessionId} role={user.role} />;
}
