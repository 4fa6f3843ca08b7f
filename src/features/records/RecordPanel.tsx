import { BookCheck, FilePenLine, PenLine, Undo2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { CharacterCount, Checkbox, Input, Textarea } from '../../components/ui/field.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Loading, Spinner } from '../../components/ui/spinner.tsx';
import { RECORD_LIMITS, SIGN_CONFIRMATION, type RecordView } from '../../contract/records.ts';
import { CREDENTIAL_MESSAGES, sameCertificate } from '../../contract/credentials.ts';
import { ROUTES } from '../../contract/routes.ts';
import { formatDateTimeAt } from '../../lib/format.ts';
import { $user } from '../../lib/session.ts';
import { useRoute } from '../../lib/use-query.ts';
import { isStale, refusalOf } from '../../lib/refusal.ts';
import { useWrite } from '../../lib/use-write.ts';

/**
 * The maintenance record of a completed job, for its mechanic (docs/decisions/0130): the drafted
 * entry as it will be signed, Edit while a draft, Sign (name, certificate number, statement),
 * and Correct once signed. Each answer replaces what is shown at once.
 */
export default function RecordPanel({ appointmentId }: { appointmentId: string }) {
  const options = { params: { id: appointmentId } };
  const query = useRoute(ROUTES.record, options);
  const [dialog, setDialog] = useState<'edit' | 'sign' | 'correct' | null>(null);
  const show = (next: RecordView) => query.setData(next);
  // Refused because another tab or the IA signed first: the entry behind the dialog is read again.
  const reread = (err: unknown) => {
    if (isStale(err)) void query.reload();
  };

  if (query.state.status === 'loading') return <Loading label="Loading the maintenance record..." />;
  if (query.state.status === 'error')
    return <Alert>{refusalOf(query.state.error, 'The maintenance record could not be loaded')}</Alert>;
  const r = query.state.data;
  return (
    <section aria-labelledby={`record-${appointmentId}`} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={`record-${appointmentId}`} className="font-semibold">
          Maintenance record
        </h4>
        <Badge tone={r.status === 'signed' ? 'success' : 'secondary'}>
          {r.status === 'signed' ? 'Signed' : r.supersedesId ? 'Correction (draft)' : 'Draft'}
        </Badge>
      </div>
      <pre
        className="max-h-80 overflow-auto whitespace-pre-wrap rounded-md border border-border bg-muted/40 p-3 font-sans text-sm"
        aria-label="Entry text"
      >
        {r.text}
      </pre>
      {r.signedAt && (
        <p className="text-xs text-muted-foreground break-all">
          Signed {formatDateTimeAt(r.signedAt, r.timeZone)} · SHA-256 {r.sha256}
        </p>
      )}
      {r.signBlockedReason && <Alert tone="info">{r.signBlockedReason}</Alert>}
      <div className="flex flex-wrap gap-2">
        {r.canEdit && (
          <Button variant="outline" size="sm" onClick={() => setDialog('edit')}>
            <FilePenLine className="h-4 w-4" aria-hidden="true" />
            Edit entry
          </Button>
        )}
        {r.canSign && (
          <Button size="sm" onClick={() => setDialog('sign')}>
            <PenLine className="h-4 w-4" aria-hidden="true" />
            Sign entry
          </Button>
        )}
        {r.canCorrect && (
          <Button variant="outline" size="sm" onClick={() => setDialog('correct')}>
            <Undo2 className="h-4 w-4" aria-hidden="true" />
            Correct entry
          </Button>
        )}
      </div>
      {r.history.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer text-muted-foreground">Superseded entries ({r.history.length})</summary>
          {r.history.map((h) => (
            <pre
              key={h.id}
              className="mt-2 whitespace-pre-wrap rounded-md border border-border p-3 font-sans text-xs text-muted-foreground"
            >
              {`Superseded${h.signedAt ? ` (signed ${formatDateTimeAt(h.signedAt, h.timeZone)})` : ''}\n${h.text}`}
            </pre>
          ))}
        </details>
      )}
      {dialog === 'edit' && (
        <EditDialog
          record={r}
          appointmentId={appointmentId}
          onClose={() => setDialog(null)}
          onSaved={show}
          onStale={reread}
        />
      )}
      {dialog === 'sign' && (
        <SignDialog
          record={r}
          appointmentId={appointmentId}
          onClose={() => setDialog(null)}
          onSigned={show}
          onStale={reread}
        />
      )}
      <CorrectDialog
        open={dialog === 'correct'}
        appointmentId={appointmentId}
        onClose={() => setDialog(null)}
        onCorrected={show}
      />
    </section>
  );
}

function EditDialog({
  record,
  appointmentId,
  onClose,
  onSaved,
  onStale,
}: {
  record: RecordView;
  appointmentId: string;
  onClose: () => void;
  onSaved: (r: RecordView) => void;
  onStale: (err: unknown) => void;
}) {
  const [description, setDescription] = useState(record.description);
  const [hours, setHours] = useState(record.totalTimeHours === null ? '' : String(record.totalTimeHours));
  const [completedOn, setCompletedOn] = useState(record.completedOn);
  const [airworthy, setAirworthy] = useState(record.airworthy);
  const [discrepancies, setDiscrepancies] = useState(record.discrepancies.join('\n'));
  const save = useWrite(ROUTES.recordUpdate, {
    fallback: 'The entry could not be saved',
    onSuccess: (saved) => {
      onSaved(saved);
      toast.success('Entry saved');
      onClose();
    },
    onError: (_message, err) => onStale(err),
  });
  const { pending: busy, error } = save;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const list = discrepancies
      .split('\n')
      .map((d) => d.trim())
      .filter(Boolean);
    void save.run({
      params: { id: appointmentId },
      body: {
        description,
        totalTimeHours: hours,
        completedOn,
        ...(record.inspection ? { airworthy, discrepancies: list } : {}),
      },
    });
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && onClose()}
      title="Edit maintenance record"
      description="What you sign is this entry exactly; it cannot change once signed."
      className="sm:max-w-2xl"
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <FormField id="record-description" label="Description of the work">
          <Textarea
            id="record-description"
            rows={6}
            maxLength={RECORD_LIMITS.description}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            aria-describedby="record-description-count"
          />
          <CharacterCount id="record-description-count" value={description} max={RECORD_LIMITS.description} />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            id="record-hours"
            label="Total time in service (hours)"
            hint="From the tach or Hobbs at completion"
          >
            <Input
              id="record-hours"
              type="number"
              inputMode="decimal"
              min={0}
              step={0.1}
              value={hours}
              onChange={(e) => setHours(e.target.value)}
              aria-describedby="record-hours-hint"
            />
          </FormField>
          <FormField id="record-date" label="Completion date">
            <Input id="record-date" type="date" value={completedOn} onChange={(e) => setCompletedOn(e.target.value)} />
          </FormField>
        </div>
        {record.inspection && (
          <fieldset className="space-y-3 rounded-md border border-border p-3">
            <legend className="px-1 text-sm font-semibold">Inspection result (14 CFR 43.11)</legend>
            <Checkbox
              id="record-airworthy"
              label="The aircraft is in airworthy condition"
              checked={airworthy}
              onChange={(e) => setAirworthy(e.target.checked)}
            />
            {!airworthy && (
              <FormField id="record-discrepancies" label="Discrepancies given to the owner (one per line)">
                <Textarea
                  id="record-discrepancies"
                  rows={4}
                  value={discrepancies}
                  onChange={(e) => setDiscrepancies(e.target.value)}
                />
              </FormField>
            )}
          </fieldset>
        )}
        {error && <Alert>{error}</Alert>}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" pending={busy}>
            Save entry
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function SignDialog({
  record,
  appointmentId,
  onClose,
  onSigned,
  onStale,
}: {
  record: RecordView;
  appointmentId: string;
  onClose: () => void;
  onSigned: (r: RecordView) => void;
  onStale: (err: unknown) => void;
}) {
  // The signature is the signer's verified name and certificate (docs/decisions/0180): the dialog
  // shows them and asks for the number as a confirmation; another number is refused by the server.
  const signer = record.signer ?? null;
  const me = $user.get();
  const [fullName, setFullName] = useState(signer?.name ?? (me ? `${me.firstName} ${me.lastName}` : ''));
  const [certificateNumber, setCertificateNumber] = useState('');
  const onFile = signer?.certificateNumber ?? null;
  const differs = onFile !== null && certificateNumber.trim() !== '' && !sameCertificate(certificateNumber, onFile);
  const [statement, setStatement] = useState(false);
  const sign = useWrite(ROUTES.recordSign, {
    fallback: 'The entry could not be signed',
    onSuccess: (signed) => {
      onSigned(signed);
      toast.success('Entry signed', {
        description: signed.documentId
          ? 'The PDF is in the aircraft’s documents, and the owner is told.'
          : 'The PDF will be filed in the aircraft’s documents shortly, and the owner told.',
      });
      onClose();
    },
    onError: (_message, err) => onStale(err),
  });
  const { pending: busy, error } = sign;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void sign.run({
      params: { id: appointmentId },
      body: { fullName, certificateNumber, statement: statement as true },
    });
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && onClose()}
      title="Sign maintenance record"
      description="Your signature makes this entry read-only. A later change is a correction that supersedes it."
      className="sm:max-w-xl"
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <p className="rounded-md bg-muted px-3 py-2 text-sm">{record.statement}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="sign-name" label="Full name" required>
            <Input
              id="sign-name"
              autoComplete="name"
              required
              value={fullName}
              onChange={(e) => setFullName(e.target.value)}
              maxLength={RECORD_LIMITS.name}
            />
          </FormField>
          <FormField
            id="sign-certificate"
            label="Certificate number"
            required
            hint={
              onFile
                ? differs
                  ? `Not your verified certificate number (${onFile}): the entry can only be signed with it.`
                  : `Your verified certificate: ${onFile}${signer?.airmen ? `. ${signer.airmen}` : ''}`
                : CREDENTIAL_MESSAGES.unverified
            }
          >
            <Input
              id="sign-certificate"
              required
              value={certificateNumber}
              onChange={(e) => setCertificateNumber(e.target.value)}
              maxLength={RECORD_LIMITS.certificate}
              aria-describedby="sign-certificate-hint"
              aria-invalid={differs || undefined}
            />
          </FormField>
        </div>
        <Checkbox
          id="sign-statement"
          label={SIGN_CONFIRMATION}
          checked={statement}
          onChange={(e) => setStatement(e.target.checked)}
        />
        {error && <Alert>{error}</Alert>}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy || !statement || differs || onFile === null}>
            {busy ? <Spinner /> : <BookCheck className="h-4 w-4" aria-hidden="true" />}
            Sign entry
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function CorrectDialog({
  open,
  appointmentId,
  onClose,
  onCorrected,
}: {
  open: boolean;
  appointmentId: string;
  onClose: () => void;
  onCorrected: (r: RecordView) => void;
}) {
  const correct = useWrite(ROUTES.recordCorrect, {
    fallback: 'The correction could not be started',
    onSuccess: (draft) => {
      onCorrected(draft);
      onClose();
    },
  });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title="Correct this entry?"
      description="A new draft starts from the signed entry. Once you sign it, it supersedes the entry, which stays in the logbook marked as superseded."
      confirmLabel="Start correction"
      busy={correct.pending}
      error={correct.error}
      onConfirm={() => void correct.run({ params: { id: appointmentId } })}
    />
  );
}
