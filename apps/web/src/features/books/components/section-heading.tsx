import { ChevronDownIcon } from '../../../components/ui/icons.tsx';

type SectionHeadingProps = {
  as: 'h2' | 'h3';
  id: string;
  children: string;
  /** With `open`, the heading is a button that shows or hides the section (spec: collapsible sections). */
  collapsible?: { open: boolean; onToggle: () => void; controls: string } | undefined;
};

/** A library section's heading; a disclosure button when the section can collapse. */
export function SectionHeading({ as: Heading, id, children, collapsible }: SectionHeadingProps) {
  if (!collapsible) {
    return (
      // A search's words in it may be one long unbroken string: broken anywhere rather than widen the page.
      <Heading id={id} className="text-2xl font-bold wrap-anywhere">
        {children}
      </Heading>
    );
  }
  return (
    <Heading id={id} className="text-2xl font-bold">
      <button
        type="button"
        aria-expanded={collapsible.open}
        aria-controls={collapsible.controls}
        onClick={collapsible.onToggle}
        className="inline-flex min-h-11 items-center gap-2 rounded-xl text-left hover:text-brand-dark"
      >
        {children}
        <ChevronDownIcon className={`size-6 transition-transform ${collapsible.open ? '' : '-rotate-90'}`} />
      </button>
    </Heading>
  );
}
