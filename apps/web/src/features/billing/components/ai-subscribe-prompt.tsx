import { ButtonLink } from '../../../components/ui/button.tsx';
import { SparklesIcon } from '../../../components/ui/icons.tsx';
import { paths } from '../../../lib/paths.ts';
import { usePremiumStatus } from '../api/get-premium-status.ts';

/**
 * Spec section 6: AI reading needs a subscription, and users on the free plan see a Subscribe Now prompt
 * (to /subscription). Nothing shows for paid plans or while the plan is unknown.
 */
export function AiSubscribePrompt() {
  const status = usePremiumStatus();
  if (status.data?.plan_type !== 'free') return null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border-2 border-honey bg-honey-soft p-4 text-ink">
      <p className="flex items-start gap-3 text-base">
        <SparklesIcon className="mt-1 size-6 shrink-0" />
        <span>
          <span className="font-bold">AI readings need a subscription.</span> With the Premium or Gold plan, a book can be read in a family reader’s own voice,
          made from their recordings.
        </span>
      </p>
      <ButtonLink to={paths.subscription} variant="honey" size="sm" className="mobile:w-full">
        Subscribe Now
      </ButtonLink>
    </div>
  );
}
