import { PaymentBatchQuerySchema, type PaymentBatch } from '../payment-batch.ts';
import {
  AdminPaymentsQuerySchema,
  RefundSchema,
  type AdminPayment,
  type AdminPaymentsPage,
  type ConnectView,
  type PaymentView,
} from '../payments.ts';
import type { EarningsFromPayments } from '../payments-earnings.ts';
import { type Envelope, route, type RouteSpec } from './route.ts';

/** Payments (Stripe Connect, docs/decisions/0230): its part of the route table (`src/contract/routes.ts` composes them). */
export const ROUTES = {
  /** The mechanic's payouts: status from the connected account (re-read from Stripe). */
  paymentsConnect: route<ConnectView>()({
    method: 'GET',
    path: '/api/payments/connect',
    access: { roles: ['mechanic'] },
  }),
  /** The mechanic starts or resumes Stripe's hosted onboarding: the link to open. */
  paymentsConnectStart: route<{ url: string }>()({
    method: 'POST',
    path: '/api/payments/connect',
    access: { roles: ['mechanic'] },
  }),
  /** Stripe's events, verified by their Stripe-Signature (the body is read raw). */
  paymentsWebhook: route<{ received: true; duplicate: boolean }>()({
    method: 'POST',
    path: '/api/payments/webhook',
    access: 'public',
    raw: true,
  }),
  /** The mechanic's earnings from payments (paid, pending, fees), not from estimates. */
  paymentsEarnings: route<EarningsFromPayments>()({
    method: 'GET',
    path: '/api/payments/earnings',
    access: { roles: ['mechanic'] },
  }),
  appointmentPayment: route<PaymentView>()({
    method: 'GET',
    path: '/api/appointments/:id/payment',
    access: 'signedIn',
  }),
  /** The owner retries the charge of a payment due (after updating the card). */
  appointmentPaymentRetry: route<PaymentView>()({
    method: 'POST',
    path: '/api/appointments/:id/payment/retry',
    access: 'signedIn',
  }),
  /** The owner pays this job with the card already saved with Stripe (docs/decisions/0463). */
  appointmentPaymentSavedCard: route<PaymentView>()({
    method: 'POST',
    path: '/api/appointments/:id/payment/saved-card',
    // Signed in; that it is the job's owner is checked on the payment's record.
    access: 'signedIn',
  }),
  /** The job's mechanic marks it paid outside Skyward (the owner could not save a working card). */
  appointmentPaymentOutside: route<PaymentView>()({
    method: 'POST',
    path: '/api/appointments/:id/payment/outside',
    access: 'signedIn',
  }),
  adminPayments: route<AdminPaymentsPage>()({
    method: 'GET',
    path: '/api/admin/payments',
    access: { roles: ['admin'] },
    query: AdminPaymentsQuerySchema,
  }),
  adminPaymentRefund: route<Envelope<AdminPayment>>()({
    method: 'POST',
    path: '/api/admin/payments/:id/refund',
    access: { roles: ['admin'] },
    input: RefundSchema,
  }),
  /** The payments of several appointment cards in one call (docs/decisions/0204). */
  appointmentPayments: route<PaymentBatch>()({
    method: 'GET',
    path: '/api/appointments/payments',
    access: 'signedIn',
    query: PaymentBatchQuerySchema,
  }),
} as const satisfies Record<string, RouteSpec>;
