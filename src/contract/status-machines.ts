import { machine, refuse, to } from './machines.ts';
import { API_KEY_STATUSES, type ApiKeyStatus } from './admin-config.ts';
import type { AirmenImportStatus } from './airmen-file.ts';
import type { ProposalStatus } from './appointment-schedule.ts';
import { INBOX_STATUSES, type InboxStatus } from './inbox.ts';
import { MECHANIC_STATUSES, type MechanicVettingStatus } from './mechanic-vetting.ts';
import { SQUAWK_STATUSES, type SquawkStatus } from './maintenance.ts';
import { OUTBOX_STATUSES, type OutboxStatus } from './outbox.ts';
import { RECORD_MESSAGES, type RecordStatus } from './records.ts';

/**
 * The statuses outside the marketplace as machines, like the marketplace's (machines.ts,
 * docs/decisions/0041): a logbook entry, a squawk, an outbox message, an API key and an FAA
 * airmen file import move only through `transition()` (one row, refusal as a 409) or, for a
 * conditional update of many rows, `fromStates()` / `targetOf()`. A refusal a user can meet is the
 * sentence the product already answered, word for word; the others guard what the code never asks.
 */

// ---------------------------------------------------------------------------------------------
// Logbook entry (docs/decisions/0130): a draft is edited and signed; a signed entry is final
// until a signed correction supersedes it.

export const RECORD_STATUSES = ['draft', 'signed', 'superseded'] as const satisfies readonly RecordStatus[];
export type RecordAction = 'edit' | 'sign' | 'correct' | 'supersede';

const entryFinal = { signed: refuse(RECORD_MESSAGES.signed), superseded: refuse(RECORD_MESSAGES.signed) };

export const RECORD_MACHINE = machine<RecordStatus, RecordAction>('maintenance record', RECORD_STATUSES, {
  edit: { draft: to('draft'), ...entryFinal },
  sign: { draft: to('signed'), ...entryFinal },
  /** A correction starts from the signed entry, which stays signed until the correction is signed. */
  correct: {
    draft: refuse(RECORD_MESSAGES.noCorrection),
    signed: to('signed'),
    superseded: refuse(RECORD_MESSAGES.noCorrection),
  },
  /** Its correction is signed. */
  supersede: {
    draft: refuse('Only a signed entry is superseded by its correction'),
    signed: to('superseded'),
    superseded: refuse('This entry was already superseded by a correction'),
  },
});

// ---------------------------------------------------------------------------------------------
// Squawk (docs/decisions/0100): open until resolved, by the owner or by the job that fixed it.

export const SQUAWK_STATUS_VALUES = SQUAWK_STATUSES.map((s) => s.value) as readonly SquawkStatus[];
export type SquawkAction = 'resolve' | 'reopen';

export const SQUAWK_MACHINE = machine<SquawkStatus, SquawkAction>('squawk', SQUAWK_STATUS_VALUES, {
  /** The refusal names when and how it was resolved where the row is known (see `updateSquawk`). */
  resolve: {
    open: to('resolved'),
    resolved: refuse('This squawk was already resolved. Reopen it first to resolve it again.'),
  },
  reopen: { open: to('open'), resolved: to('open') },
});

// ---------------------------------------------------------------------------------------------
// Outbox message (docs/decisions/0006): pending -> sending (claimed with a lease) -> sent, or back
// to pending for a retry, or dead; an administrator retries a dead one.

export type OutboxAction =
  'claim' | 'supersede' | 'release' | 'sent' | 'retryLater' | 'giveUp' | 'interrupted' | 'retry';

const notSending = (action: string) => refuse(`Only a message being sent can be ${action}`);
const onlyDead = (status: OutboxStatus) => refuse(`Only dead messages can be retried; this one is ${status}`);
const dropped = { superseded: refuse('This message was superseded before it was sent: it is not sent') };

export const OUTBOX_MACHINE = machine<OutboxStatus, OutboxAction>('outbox message', OUTBOX_STATUSES, {
  claim: {
    pending: to('sending'),
    sending: refuse('This message is already being sent'),
    sent: refuse('This message was sent'),
    dead: refuse('This message is dead: retry it first'),
    ...dropped,
  },
  /** Its claim found its reason passed (docs/decisions/0452): dropped, never sent, kept to read. */
  supersede: {
    pending: to('superseded'),
    sending: refuse('This message is already being sent'),
    sent: refuse('This message was sent'),
    dead: refuse('This message is dead'),
    ...dropped,
  },
  /** Handed back untried when the run's time is up. */
  release: {
    pending: notSending('released'),
    sending: to('pending'),
    sent: notSending('released'),
    dead: notSending('released'),
    ...dropped,
  },
  sent: {
    pending: notSending('marked sent'),
    sending: to('sent'),
    sent: notSending('marked sent'),
    dead: notSending('marked sent'),
    ...dropped,
  },
  /** A failure worth another attempt later. */
  retryLater: {
    pending: notSending('retried'),
    sending: to('pending'),
    sent: notSending('retried'),
    dead: notSending('retried'),
    ...dropped,
  },
  /** A failure that will not heal, or the last attempt. */
  giveUp: {
    pending: notSending('given up'),
    sending: to('dead'),
    sent: notSending('given up'),
    dead: notSending('given up'),
    ...dropped,
  },
  /** A run ended (crashed, timed out) while it held the message: it may or may not have gone. */
  interrupted: {
    pending: notSending('interrupted'),
    sending: to('dead'),
    sent: notSending('interrupted'),
    dead: notSending('interrupted'),
    ...dropped,
  },
  retry: {
    pending: onlyDead('pending'),
    sending: onlyDead('sending'),
    sent: onlyDead('sent'),
    dead: to('pending'),
    superseded: onlyDead('superseded'),
  },
});

// ---------------------------------------------------------------------------------------------
// API key (docs/decisions/0050): active or inactive by the administrator; expired by a rotation
// once its expiry date passed.

export type ApiKeyAction = 'activate' | 'deactivate' | 'expire';

export const API_KEY_MACHINE = machine<ApiKeyStatus, ApiKeyAction>('API key', API_KEY_STATUSES, {
  /** The refusal names the expiry date where the key is known (see `setApiKeyStatus`). */
  activate: {
    active: to('active'),
    inactive: to('active'),
    expired: refuse('This key expired: add a new key instead'),
  },
  deactivate: { active: to('inactive'), inactive: to('inactive'), expired: to('inactive') },
  expire: { active: to('expired'), inactive: to('expired'), expired: to('expired') },
});

// ---------------------------------------------------------------------------------------------
// FAA airmen file import (docs/decisions/0120): receiving chunks, then completed or failed.

export const AIRMEN_IMPORT_STATUSES = [
  'receiving',
  'completed',
  'failed',
] as const satisfies readonly AirmenImportStatus[];
export type AirmenImportAction = 'receive' | 'complete' | 'fail';

const importClosed = (status: AirmenImportStatus) => refuse(`This import is ${status}; start a new upload`);

export const AIRMEN_IMPORT_MACHINE = machine<AirmenImportStatus, AirmenImportAction>(
  'airmen file import',
  AIRMEN_IMPORT_STATUSES,
  {
    /** A chunk arrives (the status stays). */
    receive: { receiving: to('receiving'), completed: importClosed('completed'), failed: importClosed('failed') },
    complete: { receiving: to('completed'), completed: importClosed('completed'), failed: importClosed('failed') },
    /** A refused chunk, or a newer upload replacing this one. */
    fail: { receiving: to('failed'), completed: importClosed('completed'), failed: importClosed('failed') },
  },
);

// ---------------------------------------------------------------------------------------------
// A proposal of appointment times (docs/decisions/0171): open until the other party picks one of
// its times or counters with times of their own.

export const PROPOSAL_STATUSES = ['open', 'accepted', 'countered'] as const satisfies readonly ProposalStatus[];
export type ProposalAction = 'accept' | 'counter';

const proposalAnswered = {
  accepted: refuse('This proposal was already answered'),
  countered: refuse('This proposal was already answered'),
};

export const PROPOSAL_MACHINE = machine<ProposalStatus, ProposalAction>('proposal', PROPOSAL_STATUSES, {
  accept: { open: to('accepted'), ...proposalAnswered },
  counter: { open: to('countered'), ...proposalAnswered },
});

// ---------------------------------------------------------------------------------------------
// A request in the Inbox (docs/decisions/0420): the administrator moves it to any status from
// the console (the console's own choice, recorded); the product moves it by itself only here.

export const INBOX_STATUS_VALUES = INBOX_STATUSES.map((s) => s.value) as readonly InboxStatus[];
export type InboxAction = 'reply';

export const INBOX_MACHINE = machine<InboxStatus, InboxAction>('request', INBOX_STATUS_VALUES, {
  /** A reply sent to a new request marks it contacted; a reply never moves it back. */
  reply: { new: to('contacted'), contacted: to('contacted'), quoted: to('quoted'), won: to('won'), lost: to('lost') },
});

// ---------------------------------------------------------------------------------------------
// A mechanic's vetting (docs/decisions/0093): pending from sign-up until an administrator approves
// or rejects; either can be reversed by the other.

export type MechanicVettingAction = 'approve' | 'reject';

/** Where a mechanic's vetting starts: at sign-up. */
export const MECHANIC_VETTING_START: MechanicVettingStatus = MECHANIC_STATUSES[0];

export const MECHANIC_VETTING_MACHINE = machine<MechanicVettingStatus, MechanicVettingAction>(
  'mechanic',
  MECHANIC_STATUSES,
  {
    /** An approved mechanic's new credentials are verified without a second approval (see `approveMechanic`). */
    approve: {
      pending: to('approved'),
      approved: refuse('This mechanic is already approved'),
      rejected: to('approved'),
    },
    reject: {
      pending: to('rejected'),
      approved: to('rejected'),
      rejected: refuse('This mechanic is already rejected'),
    },
  },
);
