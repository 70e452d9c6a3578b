import { BILLING_TEXTS } from '@fst/shared/messages';

/** The stripe across the local provider's pages and card form: nothing here charges a real card. */
export function TestModeBanner({ note, className = '' }: { note: string; className?: string }) {
  return (
    <p
      className={`flex flex-wrap items-center gap-x-3 gap-y-1 rounded-2xl border-2 border-dashed border-[#b7791f] bg-honey-soft px-4 py-3 text-base text-ink ${className}`}
    >
      <strong className="rounded-full bg-honey px-3 py-0.5 text-sm font-bold tracking-wider text-ink">{BILLING_TEXTS.testMode}</strong>
      <span>{note}</span>
    </p>
  );
}
