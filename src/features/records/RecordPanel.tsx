import { BookCheck, FilePenLine, PenLine, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { CharacterCount, Checkbox, FieldError, Input, Textarea } from '../../components/ui/field.tsx';
import { fieldAria, FormField } from '../../components/ui/form-field.tsx';
import { NumberField, TextField, TextareaField } from '../../components/ui/form-bits.tsx';
import { Loading, Spinner } from '../../components/ui/spinner.tsx';
import {
  RECORD_LIMITS,
  RecordPatchSchema,
  SIGN_CONFIRMATION,
  SignRecordSchema,
  type RecordView,
} from '../../contract/records.ts';
import { z } from '../../contract/zod.ts';
import { CREDENTIAL_MESSAGES, sameCertificate } from '../../contract/credentials.ts';
import { ROUTES } from '../../contract/routes/records.ts';
import { formatDateTimeAt } from '../../lib/format.ts';
import { $user } from '../../lib/session.ts';
import { keyOf, queryState, useRoute } from '../../lib/use-query.ts';
import { isStale, refusalOf } from '../../lib/refusal.ts';
import { useWrite } from '../../lib/use-write.ts';
import { useContractForm } from '../../lib/use-contract-form.ts';

/**
 * The maintenance record of a completed job, for its mechanic (docs/decisions/0130): the drafted
 * entry as it will be signed, Edit while a draft, Sign (name, certificate number, statement),
 * and Correct once signed. Each answer replaces what is shown at once.
 */
export default function RecordPanel({ appointmentId, listed = false }: { appointmentId: string; listed?: boolean }) {
  const options = { params: { id: appointmentId } };
  // `listed`: the list that shows this panel put the record in the cache with its own answer (the
  // annuals to sign), so there is nothing to read on mount; a reset cache (another account) reads.
  const query = useRoute(ROUTES.record, options, {
    enabled: !(listed && queryState(keyOf(ROUTES.record, options)).status === 'ready'),
  });
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

/** The entry as typed: the discrepancies one per line. */
interface EntryValues {
  description: string;
  totalTimeHours: string;
  completedOn: string;
  airworthy: boolean;
  discrepancies: string;
}

/** The entry as the function takes it: the inspection's result only for an inspection. */
function entryBody(v: EntryValues, record: RecordView) {
  const list = v.discrepancies
    .split('\n')
    .map((d) => d.trim())
    .filter(Boolean);
  return {
    description: v.description,
    totalTimeHours: v.totalTimeHours,
    completedOn: v.completedOn,
    ...(record.inspection ? { airworthy: v.airworthy, discrepancies: list } : {}),
  };
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
  const {
    register,
    handleSubmit,
    placeErrors,
    watch,
    formState: { errors },
  } = useContractForm<EntryValues>(
    // The function's own patch schema, on the body as sent (the discrepancies one per line).
    z.preprocess((v) => entryBody(v as EntryValues, record), RecordPatchSchema),
    {
      description: record.description,
      totalTimeHours: record.totalTimeHours === null ? '' : String(record.totalTimeHours),
      completedOn: record.completedOn,
      airworthy: record.airworthy,
      discrepancies: record.discrepancies.join('\n'),
    },
  );
  const description = watch('description');
  const airworthy = watch('airworthy');
  const save = useWrite(ROUTES.recordUpdate, {
    fallback: 'The entry could not be saved',
    onSuccess: (saved) => {
      onSaved(saved);
      toast.success('Entry saved');
      onClose();
    },
    onError: (_message, err) => {
      placeErrors(err);
      onStale(err);
    },
  });
  const { pending: busy } = save;
  const error = Object.keys(errors).length > 0 ? null : save.error;
  const submit = handleSubmit(
    async (values) => void (await save.run({ params: { id: appointmentId }, body: entryBody(values, record) })),
  );
  const f = { prefix: 'record', register, errors } as const;
  const descriptionError = errors.description?.message;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && onClose()}
      title="Edit maintenance record"
      description="What you sign is this entry exactly; it cannot change once signed."
      className="sm:max-w-2xl"
    >
      <form onSubmit={(e) => void submit(e)} className="space-y-4" noValidate>
        <FormField id="record-description" label="Description of the work" error={descriptionError}>
          <Textarea
            id="record-description"
            rows={6}
            maxLength={RECORD_LIMITS.description}
            {...fieldAria('record-description', descriptionError)}
            aria-describedby={['record-description-count', descriptionError ? 'record-description-error' : '']
              .filter(Boolean)
              .join(' ')}
            {...register('description')}
          />
          <CharacterCount id="record-description-count" value={description} max={RECORD_LIMITS.description} />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <NumberField
            {...f}
            name="totalTimeHours"
            id="record-hours"
            label="Total time in service (hours)"
            hint="From the tach or Hobbs at completion"
            min={0}
            step={0.1}
          />
          <TextField {...f} name="completedOn" id="record-date" label="Completion date" type="date" />
        </div>
        {record.inspection && (
          <fieldset className="space-y-3 rounded-md border border-border p-3">
            <legend className="px-1 text-sm font-semibold">Inspection result (14 CFR 43.11)</legend>
            <Checkbox id="record-airworthy" label="The aircraft is in airworthy condition" {...register('airworthy')} />
            <FieldError id="record-airworthy-error" message={errors.airworthy?.message} />
            {!airworthy && (
              <TextareaField
                {...f}
                name="discrepancies"
                label="Discrepancies given to the owner (one per line)"
                rows={4}
              />
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

/** The signing dialog's values; `statement` is the confirmation box. */
interface SignValues {
  fullName: string;
  certificateNumber: string;
  statement: boolean;
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
  const {
    register,
    handleSubmit,
    placeErrors,
    watch,
    formState: { errors },
  } = useContractForm<SignValues>(SignRecordSchema, {
    fullName: signer?.name ?? (me ? `${me.firstName} ${me.lastName}` : ''),
    certificateNumber: '',
    statement: false,
  });
  const certificateNumber = watch('certificateNumber');
  const statement = watch('statement');
  const onFile = signer?.certificateNumber ?? null;
  const differs = onFile !== null && certificateNumber.trim() !== '' && !sameCertificate(certificateNumber, onFile);
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
    onError: (_message, err) => {
      placeErrors(err);
      onStale(err);
    },
  });
  const { pending: busy } = sign;
  const error = Object.keys(errors).length > 0 ? null : sign.error;
  const submit = handleSubmit(
    async (values) =>
      void (await sign.run({
        params: { id: appointmentId },
        body: { ...values, statement: values.statement as true },
      })),
  );
  const certificateError = errors.certificateNumber?.message;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && onClose()}
      title="Sign maintenance record"
      description="Your signature makes this entry read-only. A later change is a correction that supersedes it."
      className="sm:max-w-xl"
    >
      <form onSubmit={(e) => void submit(e)} className="space-y-4" noValidate>
        <p className="rounded-md bg-muted px-3 py-2 text-sm">{record.statement}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            prefix="sign"
            register={register}
            errors={errors}
            name="fullName"
            id="sign-name"
            label="Full name"
            marked
            autoComplete="name"
            required
            maxLength={RECORD_LIMITS.name}
          />
          <FormField
            id="sign-certificate"
            label="Certificate number"
            required
            error={certificateError}
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
              maxLength={RECORD_LIMITS.certificate}
              {...fieldAria('sign-certificate', certificateError, true)}
              aria-invalid={differs || Boolean(certificateError) || undefined}
              {...register('certificateNumber')}
            />
          </FormField>
        </div>
        <Checkbox id="sign-statement" label={SIGN_CONFIRMATION} {...register('statement')} />
        <FieldError id="sign-statement-error" message={errors.statement?.message} />
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
