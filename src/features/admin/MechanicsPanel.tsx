import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Checkbox, Label, NativeSelect, Textarea } from '../../components/ui/field.tsx';
import { Loading } from '../../components/ui/spinner.tsx';
import {
  MECHANIC_STATUS_LABELS,
  MECHANIC_STATUSES,
  REJECT_REASON_MAX,
  RejectMechanicSchema,
  type MechanicForReview,
  type MechanicVettingStatus,
  type ReviewedChange,
} from '../../contract/mechanic-vetting.ts';
import { sameCertificate } from '../../contract/credentials.ts';
import { ApiError } from '../../lib/api-client.ts';
import { ROUTES } from '../../contract/routes/admin.ts';
import { detailOr } from '../../lib/refusal.ts';
import { useWrite } from '../../lib/use-write.ts';
import { useRoute } from '../../lib/use-query.ts';
import { formatDate } from '../../lib/format.ts';
import { monthLabel, type AirmenMatch } from '../../contract/airmen-file.ts';
import AirmenFileSection from './AirmenFileSection.tsx';
import { LoadMore, appendPage } from '../../components/ui/load-more.tsx';
import { approvalQuestion } from './approval-question.ts';
import { LoadError } from '../../components/ui/load-error.tsx';

/** What the FAA airmen file said, as its sentence: a match names the file's month itself. */
function AirmenLine({ match }: { match: AirmenMatch | null }) {
  if (!match) return <p className="text-muted-foreground">FAA airmen file: not checked yet</p>;
  const tone = match.verdict === 'match' ? 'success' : match.verdict === 'several' ? 'warning' : 'secondary';
  return (
    <p>
      <Badge tone={tone}>
        {match.verdict === 'match' ? 'FAA match' : match.verdict === 'several' ? 'FAA: several' : 'FAA: no match'}
      </Badge>{' '}
      {match.verdict === 'match' ? match.sentence : `FAA airmen file of ${monthLabel(match.month)}: ${match.sentence}`}
      {match.verdict === 'several' ? ` (${match.candidates} people of that name in that state)` : ''}
    </p>
  );
}

/** Whether the IA line waits for the administrator: asked for, and not verified for this number. */
function iaWaits(m: MechanicForReview): boolean {
  const v = m.toVerify;
  return v.iaAuthorization && !(v.verifiedIa && sameCertificate(v.apNumber, v.verifiedApNumber));
}

/** The certificate and the IA as separate lines: what an approval verifies (docs/decisions/0350). */
function CredentialLines({ m }: { m: MechanicForReview }) {
  const v = m.toVerify;
  const numberVerified = sameCertificate(v.apNumber, v.verifiedApNumber);
  return (
    <>
      <p data-line="certificate">
        A&amp;P certificate: <strong>{v.apNumber ?? 'not given'}</strong>{' '}
        {numberVerified ? '(verified)' : v.verifiedApNumber ? `(verified: ${v.verifiedApNumber})` : '(not verified)'}
        {m.certificationNumber && v.apNumber && !sameCertificate(m.certificationNumber, v.apNumber)
          ? ` · at sign-up: ${m.certificationNumber}`
          : ''}
      </p>
      <p data-line="ia">
        Inspection authorization (IA): <strong>{v.iaAuthorization ? 'asked for' : 'not asked for'}</strong>
        {v.iaAuthorization ? (iaWaits(m) ? ' (not verified)' : ' (verified)') : ''}
      </p>
    </>
  );
}

/**
 * Mechanic vetting (docs/decisions/0093): new mechanics wait here with their A&P certificate
 * number until an administrator approves them, or rejects them with a reason that is emailed.
 */
export default function MechanicsPanel() {
  const [status, setStatus] = useState<MechanicVettingStatus>('pending');
  const mechanics = useRoute(ROUTES.adminMechanics, { query: { status } });
  // Every approval is confirmed in a dialog that shows what it verifies: the certificate and the IA
  // lines, and the FAA file's question when it did not confirm the mechanic (docs/decisions/0350).
  const [confirming, setConfirming] = useState<MechanicForReview | null>(null);
  const [verifyIa, setVerifyIa] = useState(false);
  const [changed, setChanged] = useState<ReviewedChange[] | null>(null);
  const [approveError, setApproveError] = useState<string | null>(null);
  const state = mechanics.state;
  const reload = () => void mechanics.reload();
  const [rejecting, setRejecting] = useState<MechanicForReview | null>(null);
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  // The mechanic whose action is on its way (its buttons wait).
  const [busy, setBusy] = useState<string | null>(null);
  const toastError = (message: string) => toast.error(message);
  const unlockWrite = useWrite(ROUTES.adminUserUnlock, {
    fallback: 'Failed to unlock sign-in',
    reason: detailOr,
    onError: toastError,
  });
  const approveWrite = useWrite(ROUTES.adminMechanicApprove, {
    fallback: 'Failed to approve mechanic',
    reason: detailOr,
    onError: (message, err) => {
      setApproveError(message);
      // The profile changed since it was shown: show what changed and the values as they are now.
      const body = err instanceof ApiError && err.status === 409 ? err.body : undefined;
      if (body && Array.isArray(body['changed']) && body['mechanic']) {
        setChanged(body['changed'] as ReviewedChange[]);
        setConfirming(body['mechanic'] as MechanicForReview);
        setVerifyIa(false);
      }
    },
  });
  const rejectWrite = useWrite(ROUTES.adminMechanicReject, { fallback: 'Failed to reject mechanic', reason: detailOr });
  const error = invalid ?? rejectWrite.error;
  const setError = (message: string | null) => {
    setInvalid(message);
    rejectWrite.clearError();
  };

  /** Runs one mechanic's write with its buttons waiting; true when it succeeded. */
  const onMechanic = async (id: string, write: () => Promise<{ ok: boolean }>) => {
    setBusy(id);
    const { ok } = await write();
    setBusy(null);
    return ok;
  };

  // Clears a sign-in lockout of the account (docs/decisions/0096).
  const unlock = async (m: MechanicForReview) => {
    if (!(await onMechanic(m.id, () => unlockWrite.run({ params: { id: m.id } })))) return;
    toast.success(`${m.firstName} ${m.lastName} can sign in again`);
    reload();
  };

  const openApproval = (m: MechanicForReview) => {
    setConfirming(m);
    setVerifyIa(false);
    setChanged(null);
    setApproveError(null);
  };

  const approve = async (m: MechanicForReview) => {
    setApproveError(null);
    const body = { apNumber: m.toVerify.apNumber, iaAuthorization: m.toVerify.iaAuthorization, verifyIa };
    if (!(await onMechanic(m.id, () => approveWrite.run({ params: { id: m.id }, body })))) return;
    setConfirming(null);
    toast.success(
      m.status === 'approved'
        ? `${m.firstName} ${m.lastName}: credentials verified`
        : `${m.firstName} ${m.lastName} approved`,
    );
    reload();
  };

  const reject = async () => {
    if (!rejecting) return;
    const parsed = RejectMechanicSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Reason is required');
      return;
    }
    setInvalid(null);
    if (!(await onMechanic(rejecting.id, () => rejectWrite.run({ params: { id: rejecting.id }, body: parsed.data }))))
      return;
    toast.success(`${rejecting.firstName} ${rejecting.lastName} rejected`);
    setRejecting(null);
    reload();
  };

  return (
    <div className="space-y-4">
      <div className="flex items-center gap-3">
        <Label htmlFor="mechanic-status">Show</Label>
        <NativeSelect
          id="mechanic-status"
          value={status}
          onChange={(e) => setStatus(e.target.value as MechanicVettingStatus)}
          className="w-48"
          options={MECHANIC_STATUSES.map((s) => ({ value: s, label: MECHANIC_STATUS_LABELS[s] }))}
        />
      </div>
      {state.status === 'loading' && <Loading label="Loading mechanics..." />}
      {state.status === 'error' && <LoadError message="Failed to load mechanics" onRetry={reload} />}
      {state.status === 'ready' && state.data.length === 0 && (
        <Card>
          <CardContent className="py-10 text-center text-sm text-muted-foreground">
            {status === 'pending'
              ? 'No mechanic is waiting for review.'
              : `No ${MECHANIC_STATUS_LABELS[status].toLowerCase()} mechanics.`}
          </CardContent>
        </Card>
      )}
      {state.status === 'ready' && state.data.length > 0 && (
        <ul className="space-y-3" aria-label="Mechanics">
          {state.data.map((m) => (
            <li key={m.id}>
              <Card>
                <CardContent className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start sm:justify-between">
                  <div className="min-w-0 space-y-1 break-words text-sm">
                    <p className="text-base font-semibold">
                      {m.firstName} {m.lastName} <Badge tone="secondary">{MECHANIC_STATUS_LABELS[m.status]}</Badge>
                    </p>
                    <p>{m.email}</p>
                    <CredentialLines m={m} />
                    <p className="text-muted-foreground">
                      {[
                        m.location,
                        m.yearsExperience !== null ? `${m.yearsExperience} years` : null,
                        m.serviceRadius !== null ? `${m.serviceRadius} mi radius` : null,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </p>
                    <p className="text-muted-foreground">Signed up {formatDate(m.createdAt)}</p>
                    <AirmenLine match={m.airmen} />
                    {m.credentialChange && (
                      <p role="note" className="rounded-md bg-muted px-2 py-1">
                        Asks to change verified credentials: certificate <strong>{m.credentialChange.apNumber}</strong>{' '}
                        (verified: {m.credentialChange.verifiedApNumber ?? 'none'}), IA{' '}
                        <strong>{m.credentialChange.iaAuthorization ? 'yes' : 'no'}</strong> (verified:{' '}
                        {m.credentialChange.verifiedIa ? 'yes' : 'no'}). Nothing changes until approved.
                      </p>
                    )}
                    {m.reviewReason && <p>Reason: {m.reviewReason}</p>}
                    {m.signInLocked && (
                      <p>
                        <Badge tone="warning">Sign-in locked</Badge> Too many failed sign-ins in a row.
                      </p>
                    )}
                  </div>
                  <div className="flex gap-2">
                    {(m.status !== 'approved' || m.credentialChange) && (
                      <Button size="sm" disabled={busy === m.id} onClick={() => openApproval(m)}>
                        {m.status === 'approved' ? 'Verify credentials' : 'Approve'}
                      </Button>
                    )}
                    {m.status !== 'rejected' && (
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={busy === m.id}
                        onClick={() => {
                          setRejecting(m);
                          setReason('');
                          setError(null);
                        }}
                      >
                        Reject
                      </Button>
                    )}
                    {/* Only an account that is locked now can be unlocked. */}
                    {m.signInLocked && (
                      <Button size="sm" variant="ghost" disabled={busy === m.id} onClick={() => void unlock(m)}>
                        Unlock sign-in
                      </Button>
                    )}
                  </div>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {state.status === 'ready' && (
        <LoadMore
          route={ROUTES.adminMechanics}
          options={{ query: { status } }}
          label="Load more mechanics"
          onMore={(rows) => mechanics.setData((current) => appendPage(current, rows))}
        />
      )}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={
          confirming
            ? confirming.status === 'approved'
              ? `Verify ${confirming.firstName} ${confirming.lastName}’s credentials?`
              : `Approve ${confirming.firstName} ${confirming.lastName}?`
            : ''
        }
        description={
          (confirming && confirming.status !== 'approved' && approvalQuestion(confirming.airmen)) ||
          'You verify exactly the values below. If the profile changes before you confirm, nothing is verified.'
        }
        confirmLabel={
          confirming?.status === 'approved'
            ? 'Verify'
            : confirming && approvalQuestion(confirming.airmen)
              ? 'Approve anyway'
              : 'Approve'
        }
        busy={confirming !== null && busy === confirming.id}
        error={approveError}
        onConfirm={() => confirming && void approve(confirming)}
      >
        {confirming && (
          <div className="space-y-2 text-sm">
            {changed && changed.length > 0 && (
              <div role="status" className="rounded-md border border-warning bg-warning-muted px-2 py-1">
                <p className="font-medium">Changed since you opened this:</p>
                <ul className="list-disc pl-5">
                  {changed.map((c) => (
                    <li key={c.field}>
                      {c.label}: {c.reviewed} → <strong>{c.now}</strong>
                    </li>
                  ))}
                </ul>
                <p>The lines below are the profile as it is now.</p>
              </div>
            )}
            <CredentialLines m={confirming} />
            {iaWaits(confirming) && (
              <Checkbox
                id="verify-ia"
                label={`I verified the inspection authorization of certificate ${confirming.toVerify.apNumber ?? ''} too`}
                checked={verifyIa}
                onChange={(e) => setVerifyIa(e.target.checked)}
              />
            )}
          </div>
        )}
      </ConfirmDialog>
      <Dialog
        open={rejecting !== null}
        onOpenChange={(open) => !open && setRejecting(null)}
        title="Reject mechanic"
        description="The reason is emailed to the mechanic."
      >
        <div className="space-y-4">
          {error && <Alert>{error}</Alert>}
          <div>
            <Label htmlFor="reject-reason">Reason</Label>
            <Textarea
              id="reject-reason"
              value={reason}
              maxLength={REJECT_REASON_MAX}
              onChange={(e) => {
                setReason(e.target.value);
                setInvalid(null);
              }}
              rows={4}
            />
          </div>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setRejecting(null)}>
              Cancel
            </Button>
            <Button disabled={busy !== null} onClick={() => void reject()}>
              Reject mechanic
            </Button>
          </div>
        </div>
      </Dialog>
      {/* The queue first: the FAA file upload is a monthly task, below the decisions waiting today. */}
      <AirmenFileSection onImported={reload} />
    </div>
  );
}
