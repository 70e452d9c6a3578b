import { useId } from 'react';
import { Accordion } from 'radix-ui';
import { BILLING_FAQ } from '@fst/shared/messages';
import { ChevronDownIcon } from '../../../components/ui/icons.tsx';

/** The plans FAQ (spec section 2): an accordion with one question open at a time. */
export function BillingFaq() {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-4 text-2xl font-bold">
        Frequently Asked Questions
      </h2>
      <Accordion.Root type="single" collapsible className="flex flex-col gap-3">
        {BILLING_FAQ.map((item) => (
          <Accordion.Item key={item.question} value={item.question} className="rounded-2xl border border-line bg-paper shadow-card">
            <Accordion.Header className="font-sans text-lg">
              <Accordion.Trigger className="group flex min-h-14 w-full items-center justify-between gap-4 rounded-2xl px-5 py-3 text-left font-semibold text-ink hover:text-brand-dark">
                {item.question}
                <ChevronDownIcon className="size-6 shrink-0 transition-transform group-data-[state=open]:rotate-180" />
              </Accordion.Trigger>
            </Accordion.Header>
            <Accordion.Content className="px-5 pb-4 text-base text-ink-soft">{item.answer}</Accordion.Content>
          </Accordion.Item>
        ))}
      </Accordion.Root>
    </section>
  );
}
