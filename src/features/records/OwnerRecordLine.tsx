import { BookCheck } from 'lucide-react';
import { ROUTES } from '../../contract/routes/records.ts';
import { dayAt, formatDay } from '../../lib/format.ts';
import { useRoute } from '../../lib/use-query.ts';
import { EntryPdfButtons } from './EntryPdfButtons.tsx';

/**
 * On the owner's completed appointment: where its logbook entry stands (waiting for the
 * mechanic's signature, or the named IA's, or signed and filed in Documents).
 */
export default function OwnerRecordLine({ appointmentId }: { appointmentId: string }) {
  const query = useRoute(ROUTES.record, { params: { id: appointmentId } });
  const r = query.data;
  if (!r) return null;
  // An annual signed by the IA named on the quote (docs/decisions/0140) waits for that IA.
  const waitingFor = r.namedInspector
    ? `the signature of ${r.namedInspector.fullName}, the IA named on the quote`
    : 'the mechanic’s signature';
  return (
    <div className="mt-2 space-y-2">
      <p className="flex items-start gap-2 text-sm">
        <BookCheck className="mt-0.5 h-4 w-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        {r.status === 'signed'
          ? `Logbook entry signed by ${r.signerName ?? r.performedBy} on ${r.signedAt ? formatDay(dayAt(r.signedAt, r.timeZone)) : '—'}: the PDF is in Documents and the aircraft's Logbook.`
          : r.supersedesId
            ? `A correction of the logbook entry is waiting for ${waitingFor}.`
            : `Logbook entry drafted: waiting for ${waitingFor}.`}
      </p>
      {/* The signed entry to print: a Letter page, or a sticker for the paper logbook (docs/decisions/0163). */}
      {r.status === 'signed' && r.aircraftId && (
        <EntryPdfButtons aircraftId={r.aircraftId} entryId={r.id} fileBase={`logbook-entry-${r.completedOn}`} />
      )}
    </div>
  );
}
