import { FilePlus2, FileText, Printer } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogFooter } from '../../components/ui/dialog.tsx';
import { TextareaField } from '../../components/ui/form-bits.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import {
  BID_LINES,
  ChangeOrderSchema,
  LINE_CATEGORY_OPTIONS,
  type ChangeOrder,
  type WorkOrder,
} from '../../contract/bid-lines.ts';
import type { BidLine, LineDecision } from '../../contract/line-items.ts';
import type { Appointment } from '../../contract/appointments.ts';
import { MARKETPLACE_SERVICE_TYPES } from '../../contract/marketplace.ts';
import { labelOf } from '../../contract/options.ts';
import { ROUTES } from '../../contract/routes/marketplace.ts';
import { z } from '../../contract/zod.ts';
import { fieldErrorList } from '../../lib/server-field-errors.ts';
import { useContractForm } from '../../lib/use-contract-form.ts';
import { useWrite } from '../../lib/use-write.ts';
import { useRoute } from '../../lib/use-query.ts';
import { formatCurrency, formatDay } from '../../lib/format.ts';
import { DecideLines, decisionsBody } from './DecideLines.tsx';
import { JobFigure } from '../marketplace/ui/JobFigure.tsx';
import { formatHours } from '../../contract/job-figures.ts';
import { LinesEditor, lineErrorsOf } from './LinesEditor.tsx';
import { draftLine, linesBody, usedCategories, type DraftLine } from './line-drafts.ts';
import { useAnswerChoices } from './use-coverage.ts';

/**
 * The lines of a job on its appointment card, for both sides: the approved total, the work order,
 * change orders (the mechanic adds them while the work is in progress, the owner decides them).
 */
export function JobLines({
  appointment: a,
  role,
  onChanged,
}: {
  appointment: Appointment;
  role: 'owner' | 'mechanic';
  onChanged: () => void;
}) {
  const [open, setOpen] = useState<'work-order' | 'add' | 'decide' | null>(null);
  const waiting = a.pendingChangeOrders ?? 0;
  return (
    <div className="mt-3 space-y-2">
      {a.figures ? (
        <p className="text-sm">
          <JobFigure figures={a.figures} hours />
        </p>
      ) : (
        a.approvedTotals && (
          <p className="text-sm">
            <span className="text-muted-foreground">Approved work:</span>{' '}
            <span className="font-semibold tabular-nums">{formatCurrency(a.approvedTotals.totalCost)}</span>
            <span className="text-muted-foreground"> · {formatHours(a.approvedTotals.hours)}</span>
          </p>
        )
      )}
      {waiting > 0 && (
        <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" role="status">
          {role === 'owner'
            ? `${waiting === 1 ? 'A change order is' : `${waiting} change orders are`} waiting for your decision.`
            : `Waiting for the owner to decide ${waiting === 1 ? 'a change order' : `${waiting} change orders`}; the job can be completed once decided.`}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => setOpen('work-order')}>
          <FileText className="h-4 w-4" aria-hidden="true" />
          Work order
        </Button>
        {role === 'mechanic' && a.status === 'in_progress' && (
          <Button variant="outline" size="sm" onClick={() => setOpen('add')}>
            <FilePlus2 className="h-4 w-4" aria-hidden="true" />
            Add change order
          </Button>
        )}
        {role === 'owner' && waiting > 0 && (
          <Button size="sm" onClick={() => setOpen('decide')}>
            Decide change order
          </Button>
        )}
      </div>
      {open === 'work-order' && <WorkOrderDialog appointmentId={a.id} onClose={() => setOpen(null)} />}
      {open === 'add' && <AddChangeOrderDialog appointment={a} onClose={() => setOpen(null)} onAdded={onChanged} />}
      {open === 'decide' && (
        <DecideChangeOrderDialog appointment={a} onClose={() => setOpen(null)} onDecided={onChanged} />
      )}
    </div>
  );
}

interface ChangeOrderValues {
  lines: DraftLine[];
  note: string;
}

function AddChangeOrderDialog({
  appointment: a,
  onClose,
  onAdded,
}: {
  appointment: Appointment;
  onClose: () => void;
  onAdded: () => void;
}) {
  // A line found during the job may answer one of the request's due items or squawks.
  const choices = useAnswerChoices(a.serviceRequestId);
  const {
    register,
    handleSubmit,
    placeErrors,
    setValue,
    watch,
    formState: { errors },
  } = useContractForm<ChangeOrderValues>(
    // The function's own schema, on the lines as they are sent (the editor's drafts made a body).
    z.preprocess(
      (v) => ({ ...(v as ChangeOrderValues), lines: linesBody((v as ChangeOrderValues).lines, choices) }),
      ChangeOrderSchema,
    ),
    { lines: [draftLine({ category: 'airworthy' })], note: '' },
  );
  const lines = watch('lines');
  // The editor reads its problems keyed 'N.field' ('' for the list), from the form's check or a 400.
  const lineErrors = lineErrorsOf(fieldErrorList(errors));
  const send = useWrite(ROUTES.changeOrderCreate, {
    fallback: 'Failed to send the change order',
    onSuccess: () => {
      toast.success('Change order sent to the owner');
      onAdded();
      onClose();
    },
    onError: (message, err) => {
      placeErrors(err);
      toast.error(message);
    },
  });
  const busy = send.pending;
  const submit = handleSubmit(async (values) => {
    await send.run({ params: { id: a.id }, body: { lines: linesBody(values.lines, choices), note: values.note } });
  });
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && !busy && onClose()}
      title="Add change order"
      description={`Items found during the ${labelOf(MARKETPLACE_SERVICE_TYPES, a.serviceType)} on ${a.aircraftTailNumber}. The owner approves, defers or declines each.`}
      className="sm:max-w-2xl"
    >
      <form onSubmit={submit} noValidate className="space-y-4" aria-busy={busy}>
        <LinesEditor
          lines={lines}
          onChange={(next) => setValue('lines', next)}
          errors={lineErrors}
          prefix={`co-${a.id}`}
          choices={choices}
        />
        <TextareaField
          prefix={`co-${a.id}`}
          register={register}
          errors={errors}
          name="note"
          label="Note to the owner"
          rows={2}
          maxLength={BID_LINES.text.note}
        />
        <DialogFooter>
          <Button variant="outline" type="button" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" pending={busy}>
            Send change order
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}

function DecideChangeOrderDialog({
  appointment: a,
  onClose,
  onDecided,
}: {
  appointment: Appointment;
  onClose: () => void;
  onDecided: () => void;
}) {
  const orders = useRoute(ROUTES.changeOrders, { params: { id: a.id } });
  const order: ChangeOrder | null | undefined =
    orders.state.status === 'ready'
      ? (orders.state.data.find((c) => c.status === 'pending') ?? null)
      : orders.state.status === 'error'
        ? null
        : undefined;
  const [decisions, setDecisions] = useState<Record<string, LineDecision>>({});
  const write = useWrite(ROUTES.changeOrderDecide, {
    fallback: 'Failed to decide the change order',
    onSuccess: () => {
      toast.success('Change order decided');
      onDecided();
      onClose();
    },
    onError: (message) => toast.error(message),
  });
  const busy = write.pending;
  const decide = async () => {
    if (!order) return;
    await write.run({
      params: { id: a.id, changeOrderId: order.id },
      body: { decisions: decisionsBody(order.lines, decisions) },
    });
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && !busy && onClose()}
      title="Decide change order"
      description={`${a.mechanicName} found more work on ${a.aircraftTailNumber}. Approve, defer or decline each item.`}
      className="sm:max-w-2xl"
    >
      {order === undefined ? (
        <p className="flex items-center gap-2 text-sm">
          <Spinner /> Loading…
        </p>
      ) : order === null ? (
        <p className="text-sm">No change order is waiting.</p>
      ) : (
        <>
          {order.note && <p className="mb-3 rounded-md bg-muted px-3 py-2 text-sm">&ldquo;{order.note}&rdquo;</p>}
          <DecideLines
            lines={order.lines}
            decisions={decisions}
            onChange={setDecisions}
            prefix={`decide-${order.id}`}
          />
          <DialogFooter className="mt-4">
            <Button variant="outline" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button onClick={decide} pending={busy}>
              Send decisions
            </Button>
          </DialogFooter>
        </>
      )}
    </Dialog>
  );
}

function LineRows({ lines, note }: { lines: BidLine[]; note?: string }) {
  return (
    <>
      {lines.map((l) => (
        <tr key={l.id} className="border-b border-border/60">
          <td className="py-1 pr-2">
            {l.description}
            {note && <span className="text-muted-foreground"> ({note})</span>}
            {l.changeOrderId && <span className="text-muted-foreground"> · change order</span>}
          </td>
          <td className="py-1 pr-2 text-right tabular-nums">{l.laborHours}</td>
          <td className="py-1 pr-2 text-right tabular-nums">{formatCurrency(l.laborCost)}</td>
          <td className="py-1 pr-2 text-right tabular-nums">{formatCurrency(l.partsCost)}</td>
          <td className="py-1 text-right tabular-nums">{formatCurrency(l.totalCost)}</td>
        </tr>
      ))}
    </>
  );
}

/** The work order / invoice: approved lines by category with subtotals, deferred and declined lines, totals; printable. */
function WorkOrderDialog({ appointmentId, onClose }: { appointmentId: string; onClose: () => void }) {
  const query = useRoute(ROUTES.workOrder, { params: { id: appointmentId } });
  const order: WorkOrder | null | undefined =
    query.state.status === 'ready' ? query.state.data : query.state.status === 'error' ? null : undefined;
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title="Work order" className="print-dialog sm:max-w-3xl">
      {order === undefined ? (
        <p className="flex items-center gap-2 text-sm">
          <Spinner /> Loading…
        </p>
      ) : order === null ? (
        <p className="text-sm">The work order could not be loaded.</p>
      ) : (
        <article className="space-y-4 text-sm" aria-label={`Work order for ${order.aircraftTailNumber}`}>
          <header className="grid gap-1 sm:grid-cols-2">
            <p>
              <span className="text-muted-foreground">Aircraft:</span> {order.aircraftTailNumber} · {order.aircraftMake}{' '}
              {order.aircraftModel}
            </p>
            <p>
              <span className="text-muted-foreground">Service:</span>{' '}
              {labelOf(MARKETPLACE_SERVICE_TYPES, order.serviceType)}
            </p>
            <p>
              <span className="text-muted-foreground">Owner:</span> {order.customerName}
            </p>
            <p>
              <span className="text-muted-foreground">Mechanic:</span> {order.mechanicName}
            </p>
            <p>
              <span className="text-muted-foreground">Scheduled:</span> {formatDay(order.scheduledDate)} ·{' '}
              {order.serviceLocation}
            </p>
            <p>
              <span className="text-muted-foreground">Warranty:</span> {order.warrantyPeriod} days
            </p>
          </header>
          <div
            className="overflow-x-auto"
            tabIndex={0}
            role="region"
            aria-label="Approved lines (scrolls sideways on small screens)"
          >
            <table className="w-full min-w-[32rem]">
              <caption className="sr-only">Lines of the work order</caption>
              <thead>
                <tr className="border-b border-border text-left">
                  <th scope="col" className="py-1 pr-2">
                    Item
                  </th>
                  <th scope="col" className="py-1 pr-2 text-right">
                    Hours
                  </th>
                  <th scope="col" className="py-1 pr-2 text-right">
                    Labor
                  </th>
                  <th scope="col" className="py-1 pr-2 text-right">
                    Parts
                  </th>
                  <th scope="col" className="py-1 text-right">
                    Total
                  </th>
                </tr>
              </thead>
              {usedCategories(order.approved.lines).map((c) => (
                <tbody key={c}>
                  <tr>
                    <th scope="rowgroup" colSpan={4} className="pt-3 text-left font-semibold">
                      {labelOf(LINE_CATEGORY_OPTIONS, c)}
                    </th>
                    <td className="pt-3 text-right font-semibold tabular-nums">
                      {formatCurrency(order.approved.categoryTotals[c].totalCost)}
                    </td>
                  </tr>
                  <LineRows lines={order.approved.lines.filter((l) => l.category === c)} />
                </tbody>
              ))}
              <tfoot>
                <tr className="border-t-2 border-border font-semibold">
                  <th scope="row" className="py-2 text-left">
                    Approved total
                  </th>
                  <td className="py-2 pr-2 text-right tabular-nums">{order.approved.totals.hours}</td>
                  <td className="py-2 pr-2 text-right tabular-nums">
                    {formatCurrency(order.approved.totals.laborCost)}
                  </td>
                  <td className="py-2 pr-2 text-right tabular-nums">
                    {formatCurrency(order.approved.totals.partsCost)}
                  </td>
                  <td className="py-2 text-right text-base tabular-nums">
                    {formatCurrency(order.approved.totals.totalCost)}
                  </td>
                </tr>
              </tfoot>
            </table>
          </div>
          {[
            ['Deferred by owner', order.deferred, 'deferred by owner'],
            ['Declined by owner', order.declined, 'declined by owner'],
            ['Waiting for the owner', order.awaiting, 'change order waiting'],
          ].map(([title, lines, note]) =>
            (lines as BidLine[]).length > 0 ? (
              <section key={title as string}>
                <h3 className="font-semibold">{title as string}</h3>
                <table className="mt-1 w-full">
                  <caption className="sr-only">{title as string}</caption>
                  <tbody>
                    <LineRows lines={lines as BidLine[]} note={note as string} />
                  </tbody>
                </table>
              </section>
            ) : null,
          )}
          <p className="text-muted-foreground">
            Quoted: {formatCurrency(order.quoted.totalCost)} for {order.quoted.hours} h. Amounts in US dollars.
          </p>
          <div className="print-hide flex justify-end">
            <Button onClick={() => window.print()}>
              <Printer className="h-4 w-4" aria-hidden="true" />
              Print
            </Button>
          </div>
        </article>
      )}
    </Dialog>
  );
}
