import { useEffect, useRef } from 'react';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';

/** Toasts the spec's message once for each new failure of a query. */
export function useErrorToast(error: unknown) {
  const toast = useToast();
  const toastRef = useRef(toast);
  toastRef.current = toast;
  useEffect(() => {
    if (error) toastRef.current.error(errorMessage(error));
  }, [error]);
}
