import { FileText } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Loading } from '../../components/ui/spinner.tsx';

const JobDocuments = lazy(() => import('./JobDocuments.tsx'));

/**
 * The aircraft's documents for one job (logbooks from the owner, the mechanic's work orders and
 * inspection reports), loaded only when the mechanic opens them.
 */
export function JobDocumentsToggle({ serviceRequestId }: { serviceRequestId: string }) {
  const [open, setOpen] = useState(false);
  const panelId = `job-docs-${serviceRequestId}`;
  return (
    <div className="mt-4 border-t border-border pt-3">
      <Button variant="ghost" size="sm" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
        <FileText className="h-4 w-4" aria-hidden="true" />
        {open ? 'Hide job documents' : 'Job documents'}
      </Button>
      {open && (
        <div id={panelId} className="mt-3">
          <Suspense fallback={<Loading label="Loading documents..." />}>
            <JobDocuments serviceRequestId={serviceRequestId} />
          </Suspense>
        </div>
      )}
    </div>
  );
}
