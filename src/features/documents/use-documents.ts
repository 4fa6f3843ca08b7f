import { useCallback } from 'react';
import type { VaultDocument } from '../../contract/documents.ts';
import { ROUTES } from '../../contract/routes/documents.ts';
import { useRoute } from '../../lib/use-query.ts';

export type DocumentsState =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; documents: VaultDocument[] };

/**
 * The documents the signed-in user may see, optionally for one service request; newest first.
 * `add` and `remove` put an upload's or a delete's result into the cached list at once.
 */
export function useDocuments(serviceRequestId?: string) {
  const query = useRoute(
    ROUTES.documents,
    { query: { service_request_id: serviceRequestId } },
    {
      onError: (error) => console.error('Loading documents failed', error),
    },
  );
  const { setData } = query;
  const state: DocumentsState =
    query.state.status === 'ready' ? { status: 'ready', documents: query.state.data } : { status: query.state.status };

  const add = useCallback(
    (doc: VaultDocument) => setData((docs) => (docs ? [doc, ...docs.filter((d) => d.id !== doc.id)] : [doc])),
    [setData],
  );
  const remove = useCallback((id: string) => setData((docs) => (docs ?? []).filter((d) => d.id !== id)), [setData]);

  return { state, reload: query.reload, add, remove };
}
