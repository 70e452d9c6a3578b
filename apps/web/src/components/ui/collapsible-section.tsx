import { useId, useState, type ReactNode } from 'react';
import { ChevronDownIcon } from './icons.tsx';

/**
 * A dashboard section whose heading is a disclosure button (spec section 2: collapsible lists), open at
 * first. Plain `hidden` rather than an animated primitive: dashboards mount several at once, and
 * measuring each for an animation costs the first render a forced layout apiece.
 */
export function CollapsibleSection({ title, children }: { title: ReactNode; children: ReactNode }) {
  const headingId = useId();
  const bodyId = useId();
  const [open, setOpen] = useState(true);
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-2xl font-bold">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((v) => !v)}
          className="inline-flex min-h-11 items-center gap-2 rounded-xl text-left hover:text-brand-dark"
        >
          {title}
          <ChevronDownIcon className={`size-6 transition-transform ${open ? '' : '-rotate-90'}`} />
        </button>
      </h2>
      <div id={bodyId} hidden={!open} className="mt-4">
        {children}
      </div>
    </section>
  );
}
