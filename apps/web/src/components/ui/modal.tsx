import { lazyPart } from '../lazy-part.tsx';
import { useEver } from '../../lib/use-ever.ts';
import type { ModalProps } from './modal-dialog.tsx';

// Radix's dialog code (about 13 KB compressed) is not among what a page needs to draw: it loads when a dialog
// first opens, or once the page's data is in (preloadModal, app/start.tsx), whichever comes first.
const ModalDialog = lazyPart(() => import('./modal-dialog.tsx').then((m) => m.ModalDialog), 'overlay');

/** Asks for the dialog's code ahead of the first opening. */
export const preloadModal = (): void => void ModalDialog.preload();

/** An accessible dialog: focus is trapped, Escape and a backdrop click close it (Radix Dialog). */
export function Modal(props: ModalProps) {
  // Nothing until first opened: a closed Radix dialog still mounts, and its first layout effect asks React for
  // a blocking render, which made the commit of a page holding dialogs run every effect in the same long task.
  const used = useEver(props.open);
  if (!used) return null;
  return <ModalDialog {...props} />;
}
