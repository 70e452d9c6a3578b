import type { ComponentProps } from 'react';

export function Card({ className = '', ...props }: ComponentProps<'div'>) {
  return <div className={`rounded-card border border-line bg-paper p-6 shadow-card mobile:p-5 ${className}`} {...props} />;
}
