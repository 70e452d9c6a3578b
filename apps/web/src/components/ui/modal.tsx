import { useRef, type ReactNode } from 'react';
import { Dialog } from 'radix-ui';
import { CloseIcon } from './icons.tsx';
import { useEver } from '../../lib/use-ever.ts';

type ModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Extra width for content-heavy dialogs. */
  size?: 'md' | 'lg';
};

/** An accessible dialog: focus is trapped, Escape and a backdrop click close it (Radix Dialog). */
export function Modal({ open, onOpenChange, title, description, children, size = 'md' }: ModalProps) {
  // Radix returns focus only to a Dialog.Trigger; these dialogs are opened by ordinary buttons, so
  // the element focused before opening is remembered and focused again on close.
  const returnFocusTo = useRef<HTMLElement | null>(null);
  // Nothing until first opened: a closed Radix dialog still mounts, and its first layout effect asks React for
  // a blocking render, which made the commit of a page holding dialogs run every effect in the same long task.
  const used = useEver(open);
  if (!used) return null;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="animate-fade-in fixed inset-0 z-50 bg-night/55 backdrop-blur-[2px]" />
        <Dialog.Content
          // Radix links the description itself; without one it asks for an explicit undefined.
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={() => {
            returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            // A dialog that opened by itself (Create Your Family), or whose opener has gone: the page's main
            // content takes the focus, rather than the document's body.
            const back =
              returnFocusTo.current?.isConnected && returnFocusTo.current !== document.body ? returnFocusTo.current : document.getElementById('main');
            back?.focus();
            returnFocusTo.current = null;
          }}
          className={`animate-pop-in fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-card bg-paper p-6 shadow-card focus:outline-none mobile:p-5 ${size === 'lg' ? 'max-w-3xl' : 'max-w-lg'}`}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <Dialog.Title className="font-display text-2xl font-bold text-ink">{title}</Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              className="-mt-1 -mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-ink-soft hover:bg-cream-deep hover:text-ink"
            >
              <CloseIcon />
            </Dialog.Close>
          </div>
          {description ? <Dialog.Description className="mb-4 text-base text-ink-soft">{description}</Dialog.Description> : null}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
