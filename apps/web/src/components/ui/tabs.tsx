import type { ComponentProps } from 'react';
import { Tabs as RadixTabs } from 'radix-ui';

// Styled Radix Tabs: arrow keys move between tabs, the panel is linked to its tab.
export const Tabs = RadixTabs.Root;

export function TabsList({ className = '', ...props }: ComponentProps<typeof RadixTabs.List>) {
  return <RadixTabs.List className={`mb-4 flex gap-1 rounded-full bg-cream-deep p-1 ${className}`} {...props} />;
}

export function TabsTrigger({ className = '', ...props }: ComponentProps<typeof RadixTabs.Trigger>) {
  return (
    <RadixTabs.Trigger
      className={
        'min-h-11 flex-1 rounded-full px-4 text-base font-semibold text-ink-soft transition-colors hover:text-ink ' +
        `data-[state=active]:bg-paper data-[state=active]:text-ink data-[state=active]:shadow-sm ${className}`
      }
      {...props}
    />
  );
}

export function TabsContent({ className = '', ...props }: ComponentProps<typeof RadixTabs.Content>) {
  return <RadixTabs.Content className={className} {...props} />;
}
