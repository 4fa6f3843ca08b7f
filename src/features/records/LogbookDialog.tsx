import { Download, Printer, Search, StickyNote } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Input } from '../../components/ui/field.tsx';
import { Loading, Spinner } from '../../components/ui/spinner.tsx';
import { matchingEntries } from '../../contract/records.ts';
import { ROUTES } from '../../contract/routes/records.ts';
import { pathOf } from '../../contract/routes/route.ts';
import { formatDateTimeAt, formatDay } from '../../lib/format.ts';
import { useRoute } from '../../lib/use-query.ts';
import { saveDocument } from '../documents/download-client.ts';
import { $nextCursors, listPathOf } from '../../lib/next-cursor.ts';
import { LoadMore } from '../../components/ui/load-more.tsx';
import { refusalOf } from '../../lib/refusal.ts';
import { EntryPdfButtons } from './EntryPdfButtons.tsx';
import { useDebounced } from '../../lib/use-debounced.ts';

/**
 * An aircraft's logbook for its owner: its signed entries, newest first, a page at a time ("Load
 * more"), searchable, printable (the print stylesheet keeps only this dialog) and exportable as
 * one PDF of every entry. Superseded entries stay, marked as such
 * (docs/decisions/0130-signed-maintenance-records.md). A search filters the entries loaded at once;
 * while older pages are not loaded, the server searches them all (docs/decisions/0201).
 */
export default function LogbookDialog({
  aircraftId,
  tailNumber,
  onClose,
}: {
  aircraftId: string;
  tailNumber: string;
  onClose: () => void;
}) {
  const params = { id: aircraftId };
  const query = useRoute(ROUTES.logbook, { params });
  const [search, setSearch] = useState('');
  const [exporting, setExporting] = useState(false);
  const entries = query.data;
  const wholePath = listPathOf(pathOf(ROUTES.logbook, { params }));
  const whole = (useStore($nextCursors, { keys: [wholePath] })[wholePath] ?? null) === null;
  const q = useDebounced(search.trim(), 300);
  const remote = !whole && q !== '';
  const found = useRoute(ROUTES.logbook, remote ? { params, query: { q } } : null, { keepPrevious: true });
  const shown = useMemo(() => {
    // Every entry is loaded: the search filters them here; otherwise the server's answer (filtered
    // again here while the next answer is on its way).
    return matchingEntries((remote ? found.data : undefined) ?? entries ?? [], search);
  }, [entries, found.data, remote, search]);

  const exportPdf = async (layout: 'page' | 'sticker' = 'page') => {
    setExporting(true);
    try {
      const query = layout === 'sticker' ? { layout } : {};
      await saveDocument({
        downloadUrl: pathOf(ROUTES.logbookPdf, { params: { id: aircraftId }, query }),
        fileName: `logbook-${tailNumber}${layout === 'sticker' ? '-stickers' : ''}.pdf`,
      });
    } catch (err) {
      toast.error('The logbook could not be exported', { description: refusalOf(err, 'Try again in a moment.') });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Logbook · ${tailNumber}`}
      description="Signed maintenance record entries, newest first."
      className="print-dialog sm:max-w-3xl"
    >
      <div className="print-hide mb-4 flex flex-wrap items-end gap-2">
        <div className="min-w-0 basis-full sm:basis-auto sm:flex-1">
          <label htmlFor="logbook-search" className="sr-only">
            Search the logbook
          </label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id="logbook-search"
              type="search"
              placeholder="Search entries..."
              className="pl-9"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
        </div>
        <Button variant="outline" onClick={() => window.print()} disabled={!entries?.length}>
          <Printer className="h-4 w-4" aria-hidden="true" />
          Print
        </Button>
        <Button variant="outline" onClick={() => void exportPdf('page')} disabled={exporting || !entries?.length}>
          {exporting ? <Spinner /> : <Download className="h-4 w-4" aria-hidden="true" />}
          Export PDF
        </Button>
        <Button variant="outline" onClick={() => void exportPdf('sticker')} disabled={exporting || !entries?.length}>
          <StickyNote className="h-4 w-4" aria-hidden="true" />
          Export stickers
        </Button>
      </div>
      {query.state.status === 'loading' && <Loading label="Loading the logbook..." />}
      {query.state.status === 'error' && (
        <Alert>{refusalOf(query.state.error, 'The logbook could not be loaded')}</Alert>
      )}
      {entries && entries.length === 0 && (
        <p className="text-sm text-muted-foreground">
          No signed entries yet. When a mechanic signs the record of a job on this aircraft, it appears here.
        </p>
      )}
      {entries && entries.length > 0 && (
        <>
          <p className="print-hide mb-2 text-sm text-muted-foreground" aria-live="polite">
            {!whole && search.trim() === ''
              ? `The newest ${entries.length} entries`
              : !whole
                ? `${shown.length} ${shown.length === 1 ? 'entry matches' : 'entries match'}`
                : shown.length === entries.length
                  ? `${entries.length} ${entries.length === 1 ? 'entry' : 'entries'}`
                  : `${shown.length} of ${entries.length} entries match`}
          </p>
          <ol className="space-y-4">
            {shown.map((e) => (
              <li key={e.id}>
                <article aria-labelledby={`entry-${e.id}`} className="rounded-md border border-border p-3">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <h3 id={`entry-${e.id}`} className="font-semibold">
                      {formatDay(e.completedOn)}
                    </h3>
                    {e.status === 'superseded' ? (
                      <Badge tone="secondary">Superseded by a correction</Badge>
                    ) : (
                      <Badge tone="success">Signed</Badge>
                    )}
                  </div>
                  <pre className="mt-2 whitespace-pre-wrap font-sans text-sm">{e.text}</pre>
                  <p className="mt-2 break-all text-xs text-muted-foreground">
                    Signed {e.signedAt ? formatDateTimeAt(e.signedAt, e.timeZone) : ''} · SHA-256 {e.sha256}
                  </p>
                  <div className="print-hide mt-2">
                    <EntryPdfButtons
                      aircraftId={aircraftId}
                      entryId={e.id}
                      fileBase={`logbook-${tailNumber}-${e.completedOn}`}
                    />
                  </div>
                </article>
              </li>
            ))}
          </ol>
          <div className="print-hide">
            {remote ? (
              <LoadMore route={ROUTES.logbook} options={{ params, query: { q } }} label="Load more entries" />
            ) : (
              search.trim() === '' && <LoadMore route={ROUTES.logbook} options={{ params }} label="Load more entries" />
            )}
          </div>
        </>
      )}
    </Dialog>
  );
}
