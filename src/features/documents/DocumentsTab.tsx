import { FileText, Upload } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Label, NativeSelect } from '../../components/ui/field.tsx';
import { Loading } from '../../components/ui/spinner.tsx';
import { DOCUMENT_TYPES, UPLOAD_HINT } from '../../contract/documents.ts';
import { DocumentList } from './DocumentList.tsx';
import { UploadDocumentDialog, type DialogAircraft } from './UploadDocumentDialog.tsx';
import { useDocuments } from './use-documents.ts';

const ALL = 'all';
const NONE = 'none';

/**
 * The pilot's Documents tab (docs/product.md §2): every document of theirs, filtered by aircraft and
 * type, with Upload Document, Download and Delete.
 */
export default function DocumentsTab({ aircraft }: { aircraft: DialogAircraft[] }) {
  const { state, reload, add, remove } = useDocuments();
  const [uploadOpen, setUploadOpen] = useState(false);
  const [aircraftFilter, setAircraftFilter] = useState(ALL);
  const [typeFilter, setTypeFilter] = useState(ALL);

  const labels = useMemo(
    () => new Map(aircraft.map((a) => [a.id, `${a.tailNumber} (${a.make} ${a.model})`])),
    [aircraft],
  );
  const documents = state.status === 'ready' ? state.documents : [];
  const shown = documents.filter(
    (d) =>
      (aircraftFilter === ALL || (aircraftFilter === NONE ? d.aircraftId === null : d.aircraftId === aircraftFilter)) &&
      (typeFilter === ALL || d.documentType === typeFilter),
  );
  const filtered = aircraftFilter !== ALL || typeFilter !== ALL;

  return (
    <section aria-labelledby="documents-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="documents-heading" className="text-xl font-semibold">
            Documents
          </h2>
          <p className="text-sm text-muted-foreground">
            Logbooks, certificates, invoices, work orders and inspection reports.
          </p>
        </div>
        <Button onClick={() => setUploadOpen(true)}>
          <Upload className="h-4 w-4" aria-hidden="true" />
          Upload Document
        </Button>
      </div>

      {state.status === 'ready' && documents.length > 0 && (
        <div className="grid gap-3 sm:max-w-xl sm:grid-cols-2" role="group" aria-label="Filter documents">
          <div>
            <Label htmlFor="documents-filter-aircraft">Aircraft</Label>
            <NativeSelect
              id="documents-filter-aircraft"
              value={aircraftFilter}
              onChange={(e) => setAircraftFilter(e.target.value)}
              options={[
                { value: ALL, label: 'All aircraft' },
                ...aircraft.map((a) => ({ value: a.id, label: `${a.tailNumber} · ${a.make} ${a.model}` })),
                { value: NONE, label: 'No specific aircraft' },
              ]}
            />
          </div>
          <div>
            <Label htmlFor="documents-filter-type">Type</Label>
            <NativeSelect
              id="documents-filter-type"
              value={typeFilter}
              onChange={(e) => setTypeFilter(e.target.value)}
              options={[{ value: ALL, label: 'All types' }, ...DOCUMENT_TYPES]}
            />
          </div>
        </div>
      )}

      {state.status === 'loading' && <Loading label="Loading documents..." />}
      {state.status === 'error' && (
        <Alert className="flex flex-wrap items-center justify-between gap-3">
          <span>We could not load your documents.</span>
          <Button size="sm" variant="outline" onClick={() => void reload()}>
            Try again
          </Button>
        </Alert>
      )}
      {state.status === 'ready' && documents.length === 0 && (
        <div className="flex flex-col items-center rounded-lg border border-dashed border-border px-4 py-10 text-center">
          <FileText className="h-10 w-10 text-muted-foreground" aria-hidden="true" />
          <p className="mt-3 font-semibold">No documents yet</p>
          <p className="mt-1 max-w-md text-sm text-muted-foreground">
            Upload logbooks, certificates and invoices to keep them with your aircraft. {UPLOAD_HINT}.
          </p>
        </div>
      )}
      {state.status === 'ready' && documents.length > 0 && shown.length === 0 && (
        <div className="rounded-lg border border-dashed border-border px-4 py-8 text-center">
          <p className="font-semibold">No documents match these filters</p>
          <Button
            variant="link"
            className="mt-1"
            onClick={() => {
              setAircraftFilter(ALL);
              setTypeFilter(ALL);
            }}
          >
            Show all documents
          </Button>
        </div>
      )}
      {shown.length > 0 && (
        <>
          {filtered && (
            <p className="text-sm text-muted-foreground" aria-live="polite">
              Showing {shown.length} of {documents.length} documents
            </p>
          )}
          <DocumentList documents={shown} aircraftLabel={(id) => labels.get(id)} onDeleted={remove} />
        </>
      )}

      <UploadDocumentDialog
        open={uploadOpen}
        onOpenChange={setUploadOpen}
        aircraft={aircraft}
        {...(aircraftFilter !== ALL && aircraftFilter !== NONE ? { initialAircraftId: aircraftFilter } : {})}
        onUploaded={add}
      />
    </section>
  );
}
