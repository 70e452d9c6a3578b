import type { ReactNode } from 'react';

type Tone = 'error' | 'success' | 'info';

const tones: Record<Tone, string> = {
  error: 'border-danger/30 bg-danger-soft text-danger',
  success: 'border-success/30 bg-success-soft text-success',
  info: 'border-line bg-honey-soft text-ink',
};

/** A message inside a form or page; errors are announced at once (role=alert), the rest politely. */
export function Alert({ tone, children, className = '' }: { tone: Tone; children: ReactNode; className?: string }) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded-2xl border px-4 py-3 text-base font-medium ${tones[tone]} ${className}`}>
      {children}
    </div>
  );
}
