import { FileDown, StickyNote } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import type { LOGBOOK_PDF_LAYOUTS } from '../../contract/records.ts';
import { pathOf } from '../../contract/routes/route.ts';
import { ROUTES } from '../../contract/routes/records.ts';
import { saveDocument } from '../documents/download-client.ts';
import { refusalOf } from '../../lib/refusal.ts';

type Layout = (typeof LOGBOOK_PDF_LAYOUTS)[number];

/** What each layout is, said on its button: a Letter page, or the 6 x 4 inch sticker shops print. */
export const LAYOUT_LABELS: Record<Layout, string> = { page: 'PDF (Letter)', sticker: 'Sticker PDF (6 × 4 in)' };

/**
 * One logbook entry as a PDF, in either layout (docs/decisions/0163): the Letter page, or the
 * sticker-size one an owner pastes into the paper logbook. `entryId` null: every entry.
 */
export function EntryPdfButtons({
  aircraftId,
  entryId,
  fileBase,
  size = 'sm',
}: {
  aircraftId: string;
  entryId: string | null;
  fileBase: string;
  size?: 'sm' | 'default';
}) {
  const [busy, setBusy] = useState<Layout | null>(null);
  const save = async (layout: Layout) => {
    setBusy(layout);
    try {
      const query = { ...(layout === 'sticker' ? { layout } : {}), ...(entryId ? { entry: entryId } : {}) };
      await saveDocument({
        downloadUrl: pathOf(ROUTES.logbookPdf, { params: { id: aircraftId }, query }),
        fileName: `${fileBase}${layout === 'sticker' ? '-sticker' : ''}.pdf`,
      });
    } catch (err) {
      toast.error('The PDF could not be made', { description: refusalOf(err, 'Try again in a moment.') });
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label="Download this entry as a PDF">
      {(['page', 'sticker'] as const).map((layout) => (
        <Button key={layout} variant="outline" size={size} disabled={busy !== null} onClick={() => void save(layout)}>
          {busy === layout ? (
            <Spinner />
          ) : layout === 'page' ? (
            <FileDown className="h-4 w-4" aria-hidden="true" />
          ) : (
            <StickyNote className="h-4 w-4" aria-hidden="true" />
          )}
          {LAYOUT_LABELS[layout]}
        </Button>
      ))}
    </div>
  );
}
