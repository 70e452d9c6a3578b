import { lazyPart } from '../lazy-part.tsx';
import { useEver } from '../../lib/use-ever.ts';
import type { ModalProps } from './modal-dialog.tsx';

// Radix's dialog code (about 13 KB compressed) is not among what a page needs to draw: it loads when a dialog first
// opens (the service worker's precache has it by then on any later visit). Asked for ahead once the page's data was
// in, its evaluation added to the page's blocking time (docs/quality.md "Web: Lighthouse").
const ModalDialog = lazyPart(() => import('./modal-dialog.tsx').then((m) => m.ModalDialog), 'overlay');

/** An accessible dialog: focus is trapped, Escape and a backdrop click close it (Radix Dialog). */
export function Modal(props: ModalProps) {
  // Nothing until first opened: a closed Radix dialog still mounts, and its first layout effect asks React for
  // a blocking render, which made the commit of a page holding dialogs run every effect in the same long task.
  const used = useEver(props.open);
  if (!used) return null;
  return <ModalDialog {...props} />;
}
