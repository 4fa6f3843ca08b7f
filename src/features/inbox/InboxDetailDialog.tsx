import { CONSOLE_PARAMS } from '../../contract/console-address.ts';
import { Mail, Phone } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Label, NativeSelect } from '../../components/ui/field.tsx';
import { SelectField, TextareaField } from '../../components/ui/form-bits.tsx';
import { Loading } from '../../components/ui/spinner.tsx';
import {
  INBOX_LIMITS,
  INBOX_SOURCES,
  INBOX_STATUSES,
  InboxNoteSchema,
  InboxPatchSchema,
  LOST_REASONS,
  type InboxDetail,
  type InboxItem,
  type InboxKind,
  type InboxStatus,
} from '../../contract/inbox.ts';
import { labelOf } from '../../contract/options.ts';
import { POPUP_OFFER } from '../../contract/popup.ts';
import { AIRCRAFT_TYPES, PREFERRED_TIMEFRAMES, QUOTE_SERVICE_TYPES } from '../../contract/quote-fields.ts';
import { ROUTES } from '../../contract/routes/inbox.ts';
import { formatDateTime } from '../../lib/format.ts';
import { invalidate, keyOf, useRoute } from '../../lib/use-query.ts';
import { detailOf, detailOr } from '../../lib/refusal.ts';
import { useWrite } from '../../lib/use-write.ts';
import { LoadError } from '../../components/ui/load-error.tsx';
import { InboxHistory } from './InboxHistory.tsx';
import { useDeliveryRecheck } from './use-delivery-recheck.ts';
import { InboxStatusBadge, RespondBy, UrgentBadge } from './InboxBadges.tsx';
import { MergedRequests } from './MergedRequests.tsx';
import { ReplyForm } from './ReplyForm.tsx';
import { useContractForm } from '../../lib/use-contract-form.ts';

const failed = (fallback: string) => (error: unknown) => toast.error(fallback, { description: detailOf(error) });

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 break-words">{children ?? '—'}</dd>
    </div>
  );
}

/** One request, worked: its fields, status and assignment, a reply, notes, duplicates, convert, history. */
export default function InboxDetailDialog({
  kind,
  id,
  onClose,
  onOpenOther,
  onOpenQuote,
  onChanged,
}: {
  kind: InboxKind;
  id: string;
  onClose: () => void;
  onOpenOther: (id: string) => void;
  /** Opens a quote request from a lead (the one that came back with the lead's code). */
  onOpenQuote: (id: string) => void;
  onChanged: () => void;
}) {
  const route = kind === 'quotes' ? ROUTES.adminInboxQuote : ROUTES.adminInboxLead;
  const detail = useRoute(route, { params: { id } });
  const admins = useRoute(ROUTES.adminInboxAdministrators, {});

  /** A write answered the new detail: show it, and refresh the list and the dashboard's cards. */
  function applied(next: InboxDetail) {
    detail.setData(next);
    onChanged();
    invalidate(keyOf(ROUTES.adminInboxSummary, {}));
  }
  async function refresh() {
    await detail.reload();
    onChanged();
    invalidate(keyOf(ROUTES.adminInboxSummary, {}));
  }

  const d = detail.state.status === 'ready' ? detail.state.data : null;
  useDeliveryRecheck(d, detail.reload);
  const title = d ? `${d.firstName} ${d.lastName ?? ''}`.trim() : kind === 'quotes' ? 'Quote request' : 'Lead';
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      className="max-w-3xl"
      // The open request is part of the console's address (docs/decisions/0421-console-addresses.md).
      address={{ param: CONSOLE_PARAMS.inboxOpen, value: id }}
    >
      {detail.state.status === 'loading' && <Loading />}
      {detail.state.status === 'error' && (
        <LoadError message="Failed to load this request" onRetry={() => void detail.reload()} />
      )}
      {d && (
        <div className="space-y-6">
          <div className="flex flex-wrap items-center gap-3">
            <UrgentBadge urgent={d.urgent} />
            <InboxStatusBadge status={d.status} />
            <RespondBy respondBy={d.respondBy} />
            <span className="text-sm text-muted-foreground">
              Received <time dateTime={d.createdAt}>{formatDateTime(d.createdAt)}</time> ·{' '}
              {labelOf(INBOX_SOURCES, d.source)}
            </span>
            {d.mergedInto && (
              <Button size="sm" variant="link" onClick={() => onOpenOther(d.mergedInto!)}>
                Merged into another request: open it
              </Button>
            )}
          </div>
          <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            <a className="inline-flex items-center gap-1 break-all hover:text-accent" href={`mailto:${d.email}`}>
              <Mail className="h-3.5 w-3.5" aria-hidden="true" />
              {d.email}
            </a>
            {d.phone && (
              <a
                className="inline-flex items-center gap-1 hover:text-accent"
                href={`tel:${d.phone.replace(/[^\d+]/g, '')}`}
              >
                <Phone className="h-3.5 w-3.5" aria-hidden="true" />
                {d.phone}
              </a>
            )}
          </p>
          {kind === 'quotes' ? <QuoteFields d={d} /> : <LeadFields d={d} onOpenQuote={onOpenQuote} />}

          <WorkControls key={d.version} kind={kind} d={d} admins={admins.data?.items ?? []} onApplied={applied} />

          {!d.mergedInto && <ReplyForm kind={kind} d={d} onSent={refresh} />}

          <NoteForm kind={kind} id={d.id} onAdded={refresh} />

          <MergedRequests kind={kind} d={d} onApplied={applied} onOpenOther={onOpenOther} />

          {d.duplicates.length > 0 && <Duplicates kind={kind} d={d} onApplied={applied} onOpenOther={onOpenOther} />}

          {kind === 'quotes' && !d.mergedInto && <Convert d={d} onConverted={refresh} />}

          <InboxHistory history={d.history} />
        </div>
      )}
    </Dialog>
  );
}

/** Whether the last invoice the savings were compared with had parts in it, as the visitor said. */
const PARTS_WORDS: Record<string, string> = {
  yes: ' (parts included)',
  no: ' (labor only)',
  unsure: ' (parts: not sure)',
};

/** A lead's promise: the popup's code and whether a quote request came back with it. */
function LeadFields({ d, onOpenQuote }: { d: InboxDetail; onOpenQuote: (id: string) => void }) {
  const code = d.fields['discountCode'];
  const usedOn = d.fields['codeUsedQuoteId'];
  const usedAt = d.fields['codeUsedAt'];
  if (typeof code !== 'string') return null;
  return (
    <dl className="grid grid-cols-2 gap-3 text-sm">
      <Field label="Discount code given">{`${code} · ${POPUP_OFFER.discountPercent}% off labor`}</Field>
      <Field label="Used on a quote request">
        {typeof usedOn === 'string' && typeof usedAt === 'string' ? (
          <Button size="sm" variant="link" className="h-auto p-0" onClick={() => onOpenQuote(usedOn)}>
            Yes, {formatDateTime(usedAt)}: open it
          </Button>
        ) : (
          'Not yet'
        )}
      </Field>
    </dl>
  );
}

function QuoteFields({ d }: { d: InboxDetail }) {
  const f = d.fields;
  const text = (k: string) => (f[k] === null || f[k] === undefined || f[k] === '' ? null : String(f[k]));
  return (
    <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
      <Field label="Aircraft">
        {text('aircraftMake')} {text('aircraftModel')}
      </Field>
      <Field label="Registration">{text('registrationNumber')}</Field>
      <Field label="Aircraft type">{labelOf(AIRCRAFT_TYPES, String(f['aircraftType'] ?? ''))}</Field>
      <Field label="Total hours">{text('totalHours')}</Field>
      <Field label="Service">{labelOf(QUOTE_SERVICE_TYPES, String(f['serviceType'] ?? ''))}</Field>
      <Field label="Timeframe">{labelOf(PREFERRED_TIMEFRAMES, String(f['preferredTimeframe'] ?? ''))}</Field>
      <Field label="Location">{text('location')}</Field>
      <Field label="Last invoice">
        {f['lastInvoiceAmount'] === null
          ? null
          : `$${Number(f['lastInvoiceAmount']).toLocaleString('en-US')}${PARTS_WORDS[String(f['invoiceIncludesParts'])] ?? ''}`}
      </Field>
      <Field label="Current provider">{text('currentProvider')}</Field>
      <Field label="Est. savings (told to the customer)">
        {d.estimatedSavings === null
          ? null
          : `${d.estimatedSavings}%${f['estimatedSavingsDollars'] === null ? '' : `, about $${Number(f['estimatedSavingsDollars']).toLocaleString('en-US')}`}`}
      </Field>
      <Field label="Discount code promised">
        {text('discountCode') && `${text('discountCode')} · ${POPUP_OFFER.discountPercent}% off labor (popup)`}
      </Field>
      <Field label="Consultation">{f['scheduleConsultation'] ? 'Yes' : 'No'}</Field>
      <div className="col-span-2 sm:col-span-3">
        <Field label="Message">
          <span className="whitespace-pre-line">{text('message')}</span>
          {text('additionalNotes') && (
            <span className="mt-1 block whitespace-pre-line text-muted-foreground">{text('additionalNotes')}</span>
          )}
        </Field>
      </div>
    </dl>
  );
}

interface StatusValues {
  status: InboxStatus;
  lostReason: string;
  lostNote: string;
}

function WorkControls({
  kind,
  d,
  admins,
  onApplied,
}: {
  kind: InboxKind;
  d: InboxDetail;
  admins: { id: string; name: string }[];
  onApplied: (next: InboxDetail) => void;
}) {
  const {
    register,
    handleSubmit,
    placeErrors,
    watch,
    formState: { errors },
  } = useContractForm<StatusValues>(InboxPatchSchema, {
    status: d.status,
    lostReason: d.lostReason ?? '',
    lostNote: '',
  });
  const status = watch('status');
  const update = useWrite(kind === 'quotes' ? ROUTES.adminInboxQuotePatch : ROUTES.adminInboxLeadPatch, {
    fallback: 'Failed to update the request',
    onSuccess: onApplied,
    onError: (_message, error) => {
      if (!placeErrors(error)) failed('Failed to update the request')(error);
    },
  });
  const busy = update.pending;

  async function patch(
    body: { status?: InboxStatus; lostReason?: string; lostNote?: string; assignedTo?: string | null },
    done: string,
  ) {
    const sent = await update.run({ params: { id: d.id }, body: { ...body, ifVersion: d.version } });
    if (sent.ok) toast.success(done);
  }

  const closedToOpen = (d.status === 'won' || d.status === 'lost') && status !== 'won' && status !== 'lost';
  const f = { prefix: 'inbox', register, errors } as const;
  return (
    <section aria-labelledby={`work-${d.id}`} className="space-y-3 rounded-lg border border-border p-3">
      <h3 id={`work-${d.id}`} className="font-semibold">
        Status and assignment
      </h3>
      <form
        className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
        noValidate
        onSubmit={(e) =>
          void handleSubmit((v) =>
            patch(
              v.status === 'lost'
                ? {
                    status: v.status,
                    lostReason: v.lostReason,
                    ...(v.lostNote.trim() ? { lostNote: v.lostNote.trim() } : {}),
                  }
                : { status: v.status },
              closedToOpen ? 'Request reopened' : 'Status saved',
            ),
          )(e)
        }
      >
        <SelectField {...f} name="status" id={`status-${d.id}`} label="Status" options={INBOX_STATUSES} />
        {status === 'lost' ? (
          <SelectField
            {...f}
            name="lostReason"
            id={`reason-${d.id}`}
            label="Why lost"
            options={LOST_REASONS}
            placeholder="Choose a reason"
            required
          />
        ) : (
          <div />
        )}
        <Button type="submit" disabled={busy || (status === d.status && status !== 'lost')}>
          {closedToOpen ? 'Reopen' : 'Save status'}
        </Button>
        {status === 'lost' && (
          <div className="sm:col-span-3">
            <TextareaField
              {...f}
              name="lostNote"
              id={`lostnote-${d.id}`}
              label="Details (optional)"
              maxLength={INBOX_LIMITS.lostNoteMax}
              className="min-h-16"
            />
          </div>
        )}
      </form>
      <div className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end">
        <div>
          <Label htmlFor={`assign-${d.id}`}>Assigned to</Label>
          <NativeSelect
            id={`assign-${d.id}`}
            value={d.assignedTo?.id ?? ''}
            disabled={busy}
            onChange={(e) =>
              void patch({ assignedTo: e.target.value || null }, e.target.value ? 'Assigned' : 'Unassigned')
            }
            options={[{ value: '', label: 'Nobody' }, ...admins.map((a) => ({ value: a.id, label: a.name }))]}
          />
        </div>
      </div>
    </section>
  );
}

function NoteForm({ kind, id, onAdded }: { kind: InboxKind; id: string; onAdded: () => Promise<void> }) {
  const {
    register,
    handleSubmit,
    reset,
    placeErrors,
    watch,
    formState: { errors },
  } = useContractForm<{ text: string }>(InboxNoteSchema, { text: '' });
  const text = watch('text');
  const add = useWrite(kind === 'quotes' ? ROUTES.adminInboxQuoteNote : ROUTES.adminInboxLeadNote, {
    fallback: 'Failed to add the note',
    onError: (_message, error) => {
      if (!placeErrors(error)) failed('Failed to add the note')(error);
    },
  });
  const submit = async (body: { text: string }) => {
    if (!(await add.run({ params: { id }, body })).ok) return;
    reset({ text: '' });
    await onAdded();
    toast.success('Note added');
  };
  return (
    <form className="space-y-2" noValidate onSubmit={(e) => void handleSubmit(submit)(e)}>
      <TextareaField
        prefix="note"
        register={register}
        errors={errors}
        name="text"
        id={`note-${id}`}
        label="Internal note (never sent to the customer)"
        maxLength={INBOX_LIMITS.noteMax}
        className="min-h-16"
      />
      <Button type="submit" variant="outline" size="sm" disabled={add.pending || !text.trim()}>
        Add note
      </Button>
    </form>
  );
}

function Duplicates({
  kind,
  d,
  onApplied,
  onOpenOther,
}: {
  kind: InboxKind;
  d: InboxDetail;
  onApplied: (next: InboxDetail) => void;
  onOpenOther: (id: string) => void;
}) {
  const [merging, setMerging] = useState<string | null>(null);
  const merge = useWrite(kind === 'quotes' ? ROUTES.adminInboxQuoteMerge : ROUTES.adminInboxLeadMerge, {
    fallback: 'Failed to merge',
    reason: detailOr,
    onSuccess: (next) => {
      onApplied(next);
      setMerging(null);
      toast.success('Duplicate merged');
    },
  });
  type Row = [string, (x: InboxItem) => string];
  const rows: Row[] = [
    ['Received', (x) => formatDateTime(x.createdAt)],
    ['Status', (x) => labelOf(INBOX_STATUSES, x.status)],
    ['Email', (x) => x.email],
    ['Phone', (x) => x.phone ?? '—'],
  ];
  if (kind === 'quotes') {
    rows.push(
      [
        'Aircraft',
        (x) =>
          x.aircraft ? `${x.aircraft.make} ${x.aircraft.model} ${x.aircraft.registrationNumber ?? ''}`.trim() : '—',
      ],
      ['Service', (x) => (x.serviceType ? labelOf(QUOTE_SERVICE_TYPES, x.serviceType) : '—')],
      ['Message', (x) => x.message ?? '—'],
    );
  }
  return (
    <section aria-labelledby={`dups-${d.id}`} className="space-y-3">
      <h3 id={`dups-${d.id}`} className="font-semibold">
        Possible duplicates (same email or phone within {INBOX_LIMITS.duplicateWindowDays} days)
      </h3>
      {d.duplicates.map((dup) => (
        <div key={dup.id} className="overflow-x-auto rounded-lg border border-border">
          <table className="w-full text-sm">
            <thead className="bg-muted text-left text-xs uppercase text-muted-foreground">
              <tr>
                <th scope="col" className="p-2"></th>
                <th scope="col" className="p-2">
                  This request
                </th>
                <th scope="col" className="p-2">
                  Duplicate
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map(([label, value]) => (
                <tr key={label} className="border-t border-border align-top">
                  <th scope="row" className="p-2 text-left text-xs font-medium text-muted-foreground">
                    {label}
                  </th>
                  <td className="p-2 break-words">{value(d)}</td>
                  <td className={`p-2 break-words ${value(d) !== value(dup) ? 'font-semibold' : ''}`}>{value(dup)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="flex flex-wrap gap-2 border-t border-border p-2">
            <Button size="sm" variant="outline" onClick={() => onOpenOther(dup.id)}>
              Open the duplicate
            </Button>
            <Button
              size="sm"
              onClick={() => {
                merge.clearError();
                setMerging(dup.id);
              }}
            >
              Merge into this request
            </Button>
          </div>
        </div>
      ))}
      <ConfirmDialog
        open={merging !== null}
        onOpenChange={(open) => !open && setMerging(null)}
        title="Merge the duplicate?"
        description={`The duplicate leaves the list; its message, notes and history show on this request, and details this request lacks are taken from it. You can undo the merge for ${INBOX_LIMITS.mergeUndoDays} days.`}
        confirmLabel="Merge"
        busy={merge.pending}
        error={merge.error}
        onConfirm={() => {
          if (merging) void merge.run({ params: { id: d.id }, body: { duplicateId: merging } });
        }}
      />
    </section>
  );
}

function Convert({ d, onConverted }: { d: InboxDetail; onConverted: () => Promise<void> }) {
  const [open, setOpen] = useState(false);
  const convert = useWrite(ROUTES.adminInboxQuoteConvert, {
    fallback: 'Failed to send the invitation',
    reason: detailOr,
  });
  const send = async () => {
    if (!(await convert.run({ params: { id: d.id } })).ok) return;
    setOpen(false);
    await onConverted();
    toast.success('Invitation queued');
  };
  return (
    <section aria-labelledby={`convert-${d.id}`} className="space-y-2 rounded-lg border border-border p-3">
      <h3 id={`convert-${d.id}`} className="font-semibold">
        Marketplace account
      </h3>
      {d.invitation ? (
        <p className="text-sm">
          Invitation sent {formatDateTime(d.invitation.sentAt)}
          {d.invitation.claimedAt ? ` · signed up ${formatDateTime(d.invitation.claimedAt)}` : ' · not signed up yet'}
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">
          Invite the customer to sign up: the link fills in their email, and their aircraft and this service wait for
          them as a draft request.
        </p>
      )}
      <Button
        size="sm"
        variant="outline"
        onClick={() => {
          convert.clearError();
          setOpen(true);
        }}
      >
        {d.invitation ? 'Send the invitation again' : 'Convert to a marketplace customer'}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Send a sign-up invitation?"
        description={`An email with a sign-up link goes to ${d.email} through the outbox.`}
        confirmLabel="Send invitation"
        busy={convert.pending}
        error={convert.error}
        onConfirm={() => void send()}
      />
    </section>
  );
}
