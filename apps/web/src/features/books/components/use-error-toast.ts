import { useEffect, useRef } from 'react';
import { notify } from '../../../lib/toast.ts';

/** Shows `message` as an error toast once for each failed fetch (`errorUpdatedAt` changes per failure). */
export function useErrorToast(isError: boolean, errorUpdatedAt: number, message: string) {
  const shown = useRef(0);
  useEffect(() => {
    if (!isError || errorUpdatedAt === shown.current) return;
    shown.current = errorUpdatedAt;
    notify.error(message);
  }, [isError, errorUpdatedAt, message]);
}
