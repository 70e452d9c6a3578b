import { lazyPart } from '../lazy-part.tsx';
import { useEver } from '../../lib/use-ever.ts';
import type { ConfirmDialogProps } from './confirm-alert-dialog.tsx';

// Loaded when first opened, as Modal's dialog (modal.tsx).
const ConfirmAlertDialog = lazyPart(() => import('./confirm-alert-dialog.tsx').then((m) => m.ConfirmAlertDialog), 'overlay');

/**
 * Asks before something that cannot be undone (Radix AlertDialog): focus starts on Cancel, Escape
 * cancels, and the backdrop does not dismiss it by accident.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  // Nothing until first opened, as Modal (modal.tsx): a closed dialog's mount asks for a blocking render.
  const used = useEver(props.open);
  if (!used) return null;
  return <ConfirmAlertDialog {...props} />;
}
