import { useCallback, useEffect, useState } from 'react';
import { api, ApiError } from '../../lib/api-client.ts';

export type AdminData<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T };

/**
 * Loads one admin call's `data` and reloads on demand. A 401 or 403 means the session no longer
 * grants admin rights: `onAuthLost` hands the screen back to the sign-in page.
 */
export function useAdminData<T>(path: string, onAuthLost: (status: 401 | 403) => void, errorMessage: string) {
  const [state, setState] = useState<AdminData<T>>({ status: 'loading' });
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    api<{ success: boolean; data: T }>(path, { signal: controller.signal })
      .then((res) => setState({ status: 'ready', data: res.data }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
          onAuthLost(error.status);
          return;
        }
        setState({ status: 'error', message: errorMessage });
      });
    return () => controller.abort();
  }, [path, version, onAuthLost, errorMessage]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { state, reload };
}
