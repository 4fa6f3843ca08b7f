import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Loading } from '../../components/ui/spinner.tsx';
import type { VaultDocument } from '../../contract/documents.ts';
import { ROUTES } from '../../contract/routes/documents.ts';
import { ApiError, call } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format.ts';

/** Chooses a document already in the writer's vault to attach (the thread's reader can then open it). */
export function VaultPicker({
  onPick,
  onClose,
  chosen,
}: {
  onPick: (doc: VaultDocument) => void;
  onClose: () => void;
  chosen: string[];
}) {
  const [docs, setDocs] = useState<VaultDocument[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    call(ROUTES.documents, { query: {} })
      .then(setDocs)
      .catch((e: unknown) =>
        setFailed(e instanceof ApiError && e.detail ? e.detail : 'We could not load your documents.'),
      );
  }, []);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Attach from Documents"
      description="Files in your Documents; the other side can open the ones you send."
    >
      {failed ? (
        <p role="alert" className="text-sm text-destructive">
          {failed}
        </p>
      ) : docs === null ? (
        <Loading label="Loading documents..." />
      ) : docs.length === 0 ? (
        <p className="text-sm text-muted-foreground">No documents yet. Attach a file from this device instead.</p>
      ) : (
        <ul className="max-h-80 divide-y divide-border overflow-y-auto" aria-label="Your documents">
          {docs.map((d) => (
            <li key={d.id} className="flex items-center justify-between gap-2 py-2">
              <span className="min-w-0">
                <span className="block truncate text-sm font-medium">{d.title}</span>
                <span className="block truncate text-xs text-muted-foreground">
                  {d.fileName} · {formatDate(d.uploadedAt)}
                </span>
              </span>
              <Button
                size="sm"
                variant="outline"
                disabled={chosen.includes(d.id)}
                onClick={() => onPick(d)}
                aria-label={`Attach ${d.title}`}
              >
                {chosen.includes(d.id) ? 'Attached' : 'Attach'}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
