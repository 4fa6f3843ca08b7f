import type { ColumnType, Generated } from 'kysely';
import type { DepositState, PaymentStatus } from '../../../contract/payments.ts';
import type { CreatedAt, UpdatedAt } from './foundation.ts';

/** bigint: pg answers text. */
type Cents = ColumnType<string, number | string | undefined, number | string>;

export interface ConnectedAccountsTable {
  userId: string;
  accountId: string;
  chargesEnabled: ColumnType<boolean, boolean | undefined, boolean>;
  payoutsEnabled: ColumnType<boolean, boolean | undefined, boolean>;
  detailsSubmitted: ColumnType<boolean, boolean | undefined, boolean>;
  eventCreated: Cents;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface PaymentsTable {
  id: Generated<string>;
  appointmentId: string;
  ownerId: string;
  mechanicId: string;
  accountId: string;
  status: ColumnType<PaymentStatus, PaymentStatus | undefined, PaymentStatus>;
  dueFor: ColumnType<
    'deposit' | 'capture' | null,
    'deposit' | 'capture' | null | undefined,
    'deposit' | 'capture' | null
  >;
  currency: ColumnType<string, string | undefined, string>;
  customerId: ColumnType<string | null, string | null | undefined, string | null>;
  setupSessionId: ColumnType<string | null, string | null | undefined, string | null>;
  paymentMethodId: ColumnType<string | null, string | null | undefined, string | null>;
  depositPercent: ColumnType<number, number | undefined, number>;
  depositCents: Cents;
  depositState: ColumnType<DepositState, DepositState | undefined, DepositState>;
  depositIntentId: ColumnType<string | null, string | null | undefined, string | null>;
  depositTransferId: ColumnType<string | null, string | null | undefined, string | null>;
  totalCents: Cents;
  feeCents: Cents;
  payoutCents: Cents;
  captureAttempt: ColumnType<number, number | undefined, number>;
  chargeIntentId: ColumnType<string | null, string | null | undefined, string | null>;
  chargeCents: Cents;
  transferId: ColumnType<string | null, string | null | undefined, string | null>;
  paidAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  refundedCents: Cents;
  disputeId: ColumnType<string | null, string | null | undefined, string | null>;
  disputeStatus: ColumnType<string | null, string | null | undefined, string | null>;
  disputeDueBy: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  failureMessage: ColumnType<string | null, string | null | undefined, string | null>;
  payUrl: ColumnType<string | null, string | null | undefined, string | null>;
  receiptDocumentId: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 0040: the mechanic marked the job paid outside Skyward. */
  paidOutsideAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  paidOutsideBy: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface PaymentEventsTable {
  id: Generated<string>;
  paymentId: string;
  kind: string;
  amountCents: Cents;
  detail: string | null;
  stripeId: string | null;
  actorId: string | null;
  createdAt: CreatedAt;
}

export interface StripeWebhookEventsTable {
  id: string;
  type: string;
  /** Stripe's event time in seconds (bigint: pg answers text). */
  created: Cents;
  receivedAt: ColumnType<Date, Date | undefined, Date>;
}

/** Migration 0032: the owner's one Stripe Customer, reused by each appointment they pay. */
export interface StripeCustomersTable {
  userId: string;
  customerId: string;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface PaymentsTables {
  connectedAccounts: ConnectedAccountsTable;
  payments: PaymentsTable;
  paymentEvents: PaymentEventsTable;
  stripeWebhookEvents: StripeWebhookEventsTable;
  stripeCustomers: StripeCustomersTable;
}
