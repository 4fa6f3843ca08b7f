import { useCallback, useEffect, useState } from 'react';
import { documentPaths, type VaultDocument } from '../../contract/documents.ts';
import { api } from '../../lib/api-client.ts';

export type DocumentsState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; documents: VaultDocument[] };

/**
 * The documents the signed-in user may see, optionally for one service request; newest first.
 * `add` and `remove` keep the list current after an upload or a delete without a reload.
 */
export function useDocuments(serviceRequestId?: string) {
  const [state, setState] = useState<DocumentsState>({ status: 'loading' });
  const query = serviceRequestId ? `?service_request_id=${encodeURIComponent(serviceRequestId)}` : '';

  const reload = useCallback(async () => {
    setState((s) => (s.status === 'ready' ? s : { status: 'loading' }));
    try {
      setState({ status: 'ready', documents: await api<VaultDocument[]>(`${documentPaths.list}${query}`) });
    } catch (error) {
      console.error('Loading documents failed', error);
      setState({ status: 'error' });
    }
  }, [query]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const add = useCallback((doc: VaultDocument) => {
    setState((s) => (s.status === 'ready' ? { status: 'ready', documents: [doc, ...s.documents.filter((d) => d.id !== doc.id)] } : s));
  }, []);
  const remove = useCallback((id: string) => {
    setState((s) => (s.status === 'ready' ? { status: 'ready', documents: s.documents.filter((d) => d.id !== id) } : s));
  }, []);

  return { state, reload, add, remove };
}
