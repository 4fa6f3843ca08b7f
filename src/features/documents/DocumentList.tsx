import { Download, FileImage, FileText, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { DOCUMENT_TYPES, type VaultDocument } from '../../contract/documents.ts';
import { labelOf } from '../../contract/options.ts';
import { ROLE_LABELS } from '../../contract/roles.ts';
import { ROUTES } from '../../contract/routes/documents.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useWrite } from '../../lib/use-write.ts';
import { formatDate } from '../../lib/format.ts';
import { saveDocument } from './download-client.ts';
import { formatBytes } from './format.ts';

export interface DocumentListProps {
  documents: VaultDocument[];
  /** Tail number and model by aircraft id, for the aircraft line; unknown ids show nothing. */
  aircraftLabel?: (aircraftId: string) => string | undefined;
  onDeleted: (id: string) => void;
  /** Smaller cards for a list inside another card (the mechanic's job). */
  compact?: boolean;
}

/** Documents as cards: what it is, for which aircraft, how big, when and by whom; download, delete. */
export function DocumentList({ documents, aircraftLabel, onDeleted, compact = false }: DocumentListProps) {
  const [downloading, setDownloading] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<VaultDocument | null>(null);
  const removeWrite = useWrite(ROUTES.documentDelete, {
    fallback: 'Failed to delete document',
    onError: (_message, error) => {
      console.error('Delete failed', error);
      toast.error(
        error instanceof ApiError && error.detail && error.status < 500
          ? `Failed to delete document: ${error.detail}`
          : 'Failed to delete document',
      );
    },
  });
  const deleting = removeWrite.pending;

  const download = async (doc: VaultDocument) => {
    setDownloading(doc.id);
    try {
      await saveDocument(doc);
    } catch (error) {
      console.error('Download failed', error);
      toast.error(
        error instanceof ApiError && error.detail && error.status < 500
          ? `Failed to download document: ${error.detail}`
          : 'Failed to download document',
      );
    } finally {
      setDownloading(null);
    }
  };

  const remove = async () => {
    if (!confirming) return;
    if (!(await removeWrite.run({ params: { id: confirming.id } })).ok) return;
    toast.success('Document deleted');
    onDeleted(confirming.id);
    setConfirming(null);
  };

  return (
    <>
      <ul className={compact ? 'space-y-2' : 'grid gap-3 lg:grid-cols-2'} aria-label="Documents">
        {documents.map((doc) => {
          const Icon = doc.contentType.startsWith('image/') ? FileImage : FileText;
          const plane = doc.aircraftId ? aircraftLabel?.(doc.aircraftId) : undefined;
          const byMechanic = doc.uploadedBy?.role === 'mechanic';
          return (
            <li key={doc.id}>
              <Card
                className={
                  compact ? 'flex flex-wrap items-start gap-3 p-3' : 'flex h-full flex-wrap items-start gap-3 p-4'
                }
                aria-labelledby={`doc-${doc.id}`}
              >
                <Icon className="mt-0.5 h-6 w-6 shrink-0 text-accent" aria-hidden="true" />
                <div className="min-w-0 flex-1 basis-48">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 id={`doc-${doc.id}`} className="font-semibold break-words">
                      {doc.title}
                    </h3>
                    <Badge tone="secondary">{labelOf(DOCUMENT_TYPES, doc.documentType)}</Badge>
                  </div>
                  <p className="mt-1 text-sm text-muted-foreground break-words">
                    {[plane, doc.fileName, formatBytes(doc.sizeBytes), `Uploaded ${formatDate(doc.uploadedAt)}`]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                  {byMechanic && doc.uploadedBy && (
                    <p className="text-sm text-muted-foreground">
                      By {doc.uploadedBy.name} ({ROLE_LABELS.mechanic})
                    </p>
                  )}
                  {doc.description && <p className="mt-1 text-sm break-words">{doc.description}</p>}
                </div>
                <div className="flex w-full gap-2 sm:w-auto">
                  <Button
                    size="sm"
                    variant="outline"
                    className="flex-1 sm:flex-none"
                    onClick={() => void download(doc)}
                    disabled={downloading === doc.id}
                    aria-label={`Download ${doc.title}`}
                  >
                    {downloading === doc.id ? <Spinner /> : <Download className="h-4 w-4" aria-hidden="true" />}
                    Download
                  </Button>
                  {doc.canDelete && (
                    <Button
                      size="sm"
                      variant="ghost"
                      className="flex-1 text-destructive sm:flex-none"
                      onClick={() => setConfirming(doc)}
                      aria-label={`Delete ${doc.title}`}
                    >
                      <Trash2 className="h-4 w-4" aria-hidden="true" />
                      Delete
                    </Button>
                  )}
                </div>
              </Card>
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Delete this document?"
        description={
          confirming
            ? `"${confirming.title}" (${confirming.fileName}) will be permanently deleted. This cannot be undone.`
            : ''
        }
        confirmLabel="Delete"
        destructive
        busy={deleting}
        onConfirm={() => void remove()}
      />
    </>
  );
}
