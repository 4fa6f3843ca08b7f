import { Upload } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Loading } from '../../components/ui/spinner.tsx';
import { DocumentList } from './DocumentList.tsx';
import { UploadDocumentDialog } from './UploadDocumentDialog.tsx';
import { useDocuments } from './use-documents.ts';

/**
 * For the mechanic of an accepted job: the documents of that request and of its aircraft (the
 * owner's logbooks, earlier reports), and an upload for work orders and inspection reports, which
 * land in the owner's vault marked as the mechanic's.
 */
export function JobDocuments({ serviceRequestId }: { serviceRequestId: string }) {
  const { state, reload, add, remove } = useDocuments(serviceRequestId);
  const [uploadOpen, setUploadOpen] = useState(false);
  const headingId = `job-documents-${serviceRequestId}`;

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={headingId} className="font-semibold">
          Aircraft documents
        </h4>
        <Button size="sm" variant="outline" onClick={() => setUploadOpen(true)}>
          <Upload className="h-4 w-4" aria-hidden="true" />
          Upload Document
        </Button>
      </div>
      {state.status === 'loading' && <Loading label="Loading documents..." />}
      {state.status === 'error' && (
        <Alert className="flex flex-wrap items-center justify-between gap-3">
          <span>We could not load the documents of this job.</span>
          <Button size="sm" variant="outline" onClick={() => void reload()}>
            Try again
          </Button>
        </Alert>
      )}
      {state.status === 'ready' &&
        (state.documents.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No documents yet. Add your work order or inspection report when the work is done.
          </p>
        ) : (
          <DocumentList documents={state.documents} onDeleted={remove} compact />
        ))}
      <UploadDocumentDialog
        open={uploadOpen}
        onOpenChange={setUploadOpen}
        aircraft={[]}
        serviceRequestId={serviceRequestId}
        defaultDocumentType="work_order"
        onUploaded={add}
      />
    </section>
  );
}

export default JobDocuments;
