export function Spinner({ className = '' }: { className?: string }) {
  return <span aria-hidden="true" className={`inline-block size-6 animate-spin-late rounded-full border-[3px] border-brand/25 border-t-brand ${className}`} />;
}

/** Shown while something the whole page needs is loading (the session check, a lazy page). */
export function LoadingScreen({ label = 'Loading…' }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" className="flex min-h-[50vh] flex-col items-center justify-center gap-4 p-8 text-ink-soft">
      <Spinner className="size-10" />
      <span>{label}</span>
    </div>
  );
}
