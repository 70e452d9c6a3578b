import { useId } from 'react';
import { aiUsageBar } from '@fst/shared/billing/billing.rules';

/** AI stories used this month (spec section 4): amber above 80 percent, the bar capped at 100. */
export function AiUsageBar({ used, limit }: { used: number; limit: number }) {
  const labelId = useId();
  const { percent, amber } = aiUsageBar(used, limit);
  return (
    <div>
      <div className="mb-1.5 flex items-baseline justify-between gap-3 text-base">
        <span id={labelId} className="font-semibold text-ink">
          AI stories this month
        </span>
        <span className="text-ink-soft">
          {used} of {limit} used
        </span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${used} of ${limit} AI stories used`}
        data-level={amber ? 'amber' : 'normal'}
        className="h-3 overflow-hidden rounded-full bg-cream-deep"
      >
        <div className={`h-full rounded-full transition-[width] ${amber ? 'bg-[#d97706]' : 'bg-sage'}`} style={{ width: `${percent}%` }} />
      </div>
      {amber ? (
        <p className="mt-1.5 text-sm font-medium text-[#7a4500]">
          {percent >= 100 ? 'You have used all of this month’s AI stories.' : 'You have almost used this month’s AI stories.'}
        </p>
      ) : null}
    </div>
  );
}
