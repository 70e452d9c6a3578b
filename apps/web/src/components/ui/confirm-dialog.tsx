import type { ReactNode } from 'react';
import { AlertDialog } from 'radix-ui';
import { buttonClasses } from './button.tsx';
import { Spinner } from './spinner.tsx';
import { useEver } from '../../lib/use-ever.ts';

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** The button that backs out; "Cancel" unless that would read oddly (e.g. cancelling a plan). */
  cancelLabel?: string;
  onConfirm: () => void;
  /** While the action runs the dialog stays open and its buttons wait. */
  busy?: boolean;
  tone?: 'danger' | 'primary';
};

/**
 * Asks before something that cannot be undone (Radix AlertDialog): focus starts on Cancel, Escape
 * cancels, and the backdrop does not dismiss it by accident.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  busy = false,
  tone = 'danger',
}: ConfirmDialogProps) {
  // Nothing until first opened, as Modal (modal.tsx): a closed dialog's mount asks for a blocking render.
  const used = useEver(open);
  if (!used) return null;
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="animate-fade-in fixed inset-0 z-50 bg-night/55 backdrop-blur-[2px]" />
        <AlertDialog.Content className="animate-pop-in fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-card bg-paper p-6 shadow-card focus:outline-none mobile:p-5">
          <AlertDialog.Title className="font-display text-2xl font-bold text-ink">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-3 text-base text-ink-soft">{description}</AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-3 mobile:flex-col-reverse mobile:items-stretch">
            <AlertDialog.Cancel className={buttonClasses('secondary')} disabled={busy}>
              {cancelLabel}
            </AlertDialog.Cancel>
            {/* Not AlertDialog.Action: that would close the dialog before the action has finished. */}
            <button type="button" className={buttonClasses(tone)} disabled={busy} aria-busy={busy || undefined} onClick={onConfirm}>
              {busy ? <Spinner className="size-5 border-white/40 border-t-white" /> : null}
              {confirmLabel}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
