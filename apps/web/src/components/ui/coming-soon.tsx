import type { ReactNode } from 'react';
import { Card } from './card.tsx';
import { SparklesIcon } from './icons.tsx';

type ComingSoonCardProps = {
  /** The card's heading (an h2). */
  title?: string;
  description: ReactNode;
  /** Usually a link back to the dashboard. */
  action?: ReactNode;
};

/** A friendly stand-in for a part of the app that is still being built. */
export function ComingSoonCard({ title = 'Coming soon', description, action }: ComingSoonCardProps) {
  return (
    <Card className="flex flex-col items-center gap-4 py-10 text-center">
      <span className="inline-flex size-16 items-center justify-center rounded-full bg-honey-soft text-3xl text-brand">
        <SparklesIcon />
      </span>
      <h2 className="text-2xl font-bold">{title}</h2>
      <div className="max-w-md text-ink-soft">{description}</div>
      {action}
    </Card>
  );
}
