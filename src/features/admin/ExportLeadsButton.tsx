import { Download } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { INBOX_LIMITS, type InboxKind } from '../../contract/inbox.ts';
import { pathOf } from '../../contract/routes/route.ts';
import { ROUTES } from '../../contract/routes/inbox.ts';
import { $token } from '../../lib/session.ts';
import { inboxCsvFilename } from '../inbox/inbox-csv.ts';
import { downloadText } from '../marketing/download.ts';

/**
 * Every site lead (or quote request) as CSV, whatever the list shows (only
 * marketing leads could be exported). The Inbox's export, without its filters.
 */
export function ExportLeadsButton({ kind, label }: { kind: InboxKind; label: string }) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const res = await fetch(pathOf(ROUTES.adminInboxExport, { query: { kind } }), {
        headers: { Authorization: `Bearer ${$token.get() ?? ''}` },
      });
      if (!res.ok)
        throw new Error(((await res.json().catch(() => ({}))) as { detail?: string }).detail ?? 'Export failed');
      downloadText(inboxCsvFilename(kind), await res.text());
      if (res.headers.get('x-export-truncated') === '1')
        toast.warning(`Only the first ${INBOX_LIMITS.exportMaxRows.toLocaleString('en-US')} rows were exported`);
    } catch (error) {
      toast.error('Failed to export', { description: error instanceof Error ? error.message : undefined });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" size="sm" onClick={() => void run()} disabled={busy} aria-busy={busy}>
      <Download className="h-4 w-4" aria-hidden="true" />
      {busy ? 'Exporting...' : label}
    </Button>
  );
}
