import { useMemo } from 'react';
import type { OutputOf, RouteSpec } from '../../contract/routes.ts';
import { ApiError, type CallOptions } from '../../lib/api-client.ts';
import { useRoute } from '../../lib/use-query.ts';

export type AdminData<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T };

type DataOf<R> = OutputOf<R> extends { data: infer T } ? T : never;

/**
 * One admin call's `data` through the shared data hook (src/lib/use-query.ts). A 401 or 403 means
 * the session no longer grants admin rights: `onAuthLost` hands the screen back to the sign-in page.
 */
export function useAdminData<R extends RouteSpec>(
  route: R,
  query: CallOptions<R>['query'],
  onAuthLost: (status: 401 | 403) => void,
  errorMessage: string,
) {
  const loaded = useRoute(route, { query } as CallOptions<R>, {
    onError: (error) => {
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) onAuthLost(error.status);
    },
  });
  const { state: s, reload } = loaded;
  const state = useMemo<AdminData<DataOf<R>>>(() => {
    if (s.status === 'ready') return { status: 'ready', data: (s.data as { data: DataOf<R> }).data };
    if (s.status === 'error') return { status: 'error', message: errorMessage };
    return { status: 'loading' };
  }, [s, errorMessage]);
  return { state, reload: () => void reload() };
}
