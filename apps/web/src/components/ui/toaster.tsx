import { Toaster as Sonner } from 'sonner';
import { TIMINGS } from '@fst/shared/constants';

/** Where toasts appear; show them through `notify` in lib/toast.ts. */
export function Toaster() {
  return (
    <Sonner
      position="top-center"
      richColors
      closeButton
      duration={TIMINGS.toast}
      toastOptions={{ style: { fontSize: '1rem' } }}
    />
  );
}
