import { LocalPortalPage } from '../../features/billing/components/local-portal-page.tsx';

/** `/billing/portal`: the local provider's test-mode customer portal. */
export default function BillingPortalRoute() {
  return <LocalPortalPage />;
}
