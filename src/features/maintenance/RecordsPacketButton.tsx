import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { RECORDS_PACKET_TEXT } from '../../contract/records-packet.ts';
import { pathOf } from '../../contract/routes/route.ts';
import { ROUTES } from '../../contract/routes/records.ts';
import { refusalOf } from '../../lib/refusal.ts';
import { saveDocument } from '../documents/download-client.ts';

/**
 * Downloads the aircraft's records packet (docs/decisions/0398-records-packet.md): the PDF a
 * buyer's pre-buy inspector, an insurer or a new IA reads first. Fetched with the owner's token
 * (a plain link cannot send it) and saved as a file.
 */
export function RecordsPacketButton({ aircraftId, tailNumber }: { aircraftId: string; tailNumber: string }) {
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await saveDocument({
        downloadUrl: pathOf(ROUTES.recordsPacket, { params: { id: aircraftId } }),
        fileName: `records-packet-${tailNumber}.pdf`,
      });
    } catch (err) {
      toast.error('The records packet could not be made', { description: refusalOf(err, 'Try again in a moment.') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" size="sm" disabled={busy} onClick={() => void save()}>
      {busy ? <Spinner /> : <FileDown className="h-4 w-4" aria-hidden="true" />}
      {RECORDS_PACKET_TEXT.link}
    </Button>
  );
}
