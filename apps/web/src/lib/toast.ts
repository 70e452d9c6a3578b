import { toast } from 'sonner';
import { TIMINGS } from '@fst/shared/constants';

// The one way to show a toast: success, info and warning 3 s, every error 4 s (decisions.md).
export const notify = {
  success: (message: string) => toast.success(message, { duration: TIMINGS.toast }),
  info: (message: string) => toast.info(message, { duration: TIMINGS.toast }),
  warning: (message: string) => toast.warning(message, { duration: TIMINGS.toast }),
  error: (message: string) => toast.error(message, { duration: TIMINGS.toastError }),
};
