import { matchPath, useLocation } from 'react-router';
import type { PaymentsConfig } from '@fst/shared/billing/billing.schema';
import { BILLING_TEXTS } from '@fst/shared/messages';
import { usePaymentsConfig } from '../../features/billing/api/get-payments-config.ts';
import { paths } from '../../lib/paths.ts';

// The local provider's checkout and portal carry their own, fuller test-mode stripe (billing's TestModeBanner).
const PAGES_WITH_THEIR_OWN = [paths.billingCheckout, paths.billingPortal];

/** Whether the signed-in page at `pathname` + `search` shows the app-wide test-mode notice (issue 24.5). */
export function testModeNoticeShown(provider: PaymentsConfig['provider'] | undefined, pathname: string, search: string): boolean {
  if (provider !== 'local') return false;
  if (PAGES_WITH_THEIR_OWN.some((page) => matchPath(page, pathname))) return false;
  // Bedtime Mode is a calm, dark page for a kid falling asleep: nothing there is about paying.
  return !(matchPath(paths.child, pathname) && new URLSearchParams(search).get('bedtimeMode') === 'true');
}

/**
 * A slim stripe under the header of signed-in pages while the server pays through the local test-mode
 * provider (decisions.md "Payments"). A labelled note the reader can find among the landmarks, not a live
 * region: it would be read out again on every page. It sits in the flow, covering nothing, and scrolls away.
 * Kid devices never reach this layout (app/device-gate.tsx).
 */
export function TestModeNotice() {
  const config = usePaymentsConfig();
  const { pathname, search } = useLocation();
  if (!testModeNoticeShown(config.data?.provider, pathname, search)) return null;
  return (
    <aside aria-label={BILLING_TEXTS.testModeNoticeLabel} className="border-b border-dashed border-[#b7791f] bg-honey-soft px-6 py-1.5 text-ink mobile:px-4">
      <p className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <strong className="rounded-full bg-honey px-2.5 py-0.5 text-sm font-bold tracking-wider">{BILLING_TEXTS.testMode}</strong>
        <span>{BILLING_TEXTS.testModeNotice}</span>
      </p>
    </aside>
  );
}
