/** The mechanic's Earnings tab from payments: cents, from what Stripe moved. */
export interface EarningsFromPayments {
  /** Transferred to the mechanic's connected account (deposits released and final payouts). */
  paidCents: number;
  /** Charged or about to be, not yet transferred (deposits held, payments due, frozen by a dispute). */
  pendingCents: number;
  /** Platform fees taken from the paid jobs. */
  feesCents: number;
  jobs: Array<{
    appointmentId: string;
    aircraftTailNumber: string;
    status: string;
    totalCents: number;
    feeCents: number;
    payoutCents: number;
    paidAt: string | null;
  }>;
}
