import type { ReactNode } from 'react';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';

/**
 * Something that failed to load or to start, with the button that tries it again: the app's one shape for it.
 * The label stays each place's own ("Retry" or "Try Again").
 */
export function RetryAlert({
  children,
  label,
  onRetry,
  className = '',
}: {
  children: ReactNode;
  label: 'Retry' | 'Try Again';
  onRetry: () => void;
  className?: string;
}) {
  return (
    <Alert tone="error" className={`flex flex-wrap items-center justify-between gap-3 ${className}`}>
      <span>{children}</span>
      <Button size="sm" variant="secondary" onClick={onRetry}>
        {label}
      </Button>
    </Alert>
  );
}
