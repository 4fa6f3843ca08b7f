import { ROLES } from '../roles.ts';
import {
  AcceptWithDecisionsSchema,
  ChangeOrderSchema,
  DecideChangeOrderSchema,
  type ChangeOrder,
  type WorkOrder,
} from '../bid-lines.ts';
import {
  AcceptProposalSchema,
  ProposalSchema,
  WhereaboutsSchema,
  type AppointmentParties,
} from '../appointment-schedule.ts';
import { type Aircraft, AircraftSchema } from '../marketplace.ts';
import {
  type AcceptResult,
  type Appointment,
  AppointmentActionSchema,
  AppointmentCompleteSchema,
  RatingSchema,
} from '../appointments.ts';
import { EmailPreferenceSchema, type Notification, NotificationsQuerySchema } from '../notifications.ts';
import { type MechanicProfile, MechanicProfileSchema, type PublicMechanicProfile } from '../mechanic-profiles.ts';
import { type ServiceRequest, ServiceRequestSchema } from '../service-requests.ts';
import type { Bid } from '../bids.ts';
import { BidWithDepositSchema } from '../payments.ts';
import { MechanicCancelSchema } from '../appointment-cancel.ts';
import { route, type RouteSpec } from './route.ts';

import { SummaryQuerySchema, type MechanicSummary, type OwnerSummary } from '../dashboard-summary.ts';
/** The marketplace: aircraft, service requests, bids, appointments, profiles, notifications: its part of the route table (`src/contract/routes.ts` composes them). */
export const ROUTES = {
  aircraftList: route<Aircraft[]>()({ method: 'GET', path: '/api/aircraft', access: { roles: ['pilot', 'admin'] } }),
  aircraftAdd: route<Aircraft>()({
    method: 'POST',
    path: '/api/aircraft',
    access: { roles: ['pilot'] },
    input: AircraftSchema,
  }),
  requestsList: route<ServiceRequest[]>()({
    method: 'GET',
    path: '/api/enhanced/quotes',
    access: { roles: ['pilot', 'admin'] },
  }),
  requestsOwn: route<ServiceRequest[]>()({
    method: 'GET',
    path: '/api/enhanced/quotes/user',
    access: { roles: ['pilot', 'admin'] },
  }),
  requestsMatched: route<ServiceRequest[]>()({
    method: 'GET',
    path: '/api/enhanced/quotes/mechanic',
    access: { roles: ['mechanic'] },
  }),
  request: route<ServiceRequest>()({ method: 'GET', path: '/api/enhanced/quotes/:id', access: 'signedIn' }),
  requestCreate: route<ServiceRequest>()({
    method: 'POST',
    path: '/api/enhanced/quotes',
    access: { roles: ['pilot'] },
    input: ServiceRequestSchema,
  }),
  requestBid: route<Bid>()({
    method: 'POST',
    path: '/api/enhanced/quotes/:id/bid',
    access: { roles: ['mechanic'] },
    input: BidWithDepositSchema,
  }),
  requestAccept: route<AcceptResult>()({
    method: 'POST',
    path: '/api/enhanced/quotes/:id/accept',
    access: { roles: ['pilot'] },
    input: AcceptWithDecisionsSchema,
  }),
  changeOrders: route<ChangeOrder[]>()({
    method: 'GET',
    path: '/api/appointments/:id/change-orders',
    access: { job: ROLES },
  }),
  changeOrderCreate: route<ChangeOrder>()({
    method: 'POST',
    path: '/api/appointments/:id/change-orders',
    access: { job: ['mechanic'] },
    input: ChangeOrderSchema,
  }),
  changeOrderDecide: route<ChangeOrder>()({
    method: 'POST',
    path: '/api/appointments/:id/change-orders/:changeOrderId/decide',
    access: { roles: ['pilot'] },
    input: DecideChangeOrderSchema,
  }),
  workOrder: route<WorkOrder>()({ method: 'GET', path: '/api/appointments/:id/work-order', access: { job: ROLES } }),
  requestCancel: route<ServiceRequest>()({
    method: 'POST',
    path: '/api/enhanced/quotes/:id/cancel',
    access: { roles: ['pilot'] },
  }),
  appointmentsOwn: route<Appointment[]>()({
    method: 'GET',
    path: '/api/appointments',
    access: { roles: ['pilot', 'admin'] },
  }),
  appointmentsAssigned: route<Appointment[]>()({
    method: 'GET',
    path: '/api/appointments/mechanic',
    access: { roles: ['mechanic'] },
  }),
  appointmentConfirm: route<Appointment>()({
    method: 'POST',
    path: '/api/appointments/:id/confirm',
    access: { job: ROLES },
    input: AppointmentActionSchema,
  }),
  appointmentStart: route<Appointment>()({
    method: 'POST',
    path: '/api/appointments/:id/start',
    access: { job: ROLES },
    input: AppointmentActionSchema,
  }),
  appointmentComplete: route<Appointment>()({
    method: 'POST',
    path: '/api/appointments/:id/complete',
    access: { job: ROLES },
    input: AppointmentCompleteSchema,
  }),
  appointmentRate: route<Appointment>()({
    method: 'POST',
    path: '/api/appointments/:id/rate',
    access: { roles: ['pilot'] },
    input: RatingSchema,
  }),
  mechanicProfile: route<MechanicProfile>()({
    method: 'GET',
    path: '/api/enhanced/mechanic-profile',
    access: { roles: ['mechanic'] },
  }),
  /** A mechanic as the owners they quoted see them (docs/decisions/0150). */
  mechanicPublicProfile: route<PublicMechanicProfile>()({
    method: 'GET',
    path: '/api/mechanics/:id/profile',
    access: 'signedIn',
  }),
  mechanicProfileSave: route<MechanicProfile>()({
    method: 'POST',
    path: '/api/enhanced/mechanic-profile',
    access: { roles: ['mechanic'] },
    input: MechanicProfileSchema,
  }),
  notifications: route<Notification[]>()({
    method: 'GET',
    path: '/api/enhanced/notifications',
    access: 'signedIn',
    query: NotificationsQuerySchema,
  }),
  notificationRead: route<Notification>()({
    method: 'PUT',
    path: '/api/enhanced/notifications/:id/read',
    access: 'signedIn',
  }),
  notificationsReadAll: route<{ success: true; updated: number }>()({
    method: 'PUT',
    path: '/api/enhanced/notifications/read-all',
    access: 'signedIn',
  }),
  emailPreference: route<{ emailNotifications: boolean }>()({
    method: 'GET',
    path: '/api/enhanced/notifications/preferences',
    access: 'signedIn',
  }),
  emailPreferenceSave: route<{ emailNotifications: boolean }>()({
    method: 'PUT',
    path: '/api/enhanced/notifications/preferences',
    access: 'signedIn',
    input: EmailPreferenceSchema,
  }),
  appointmentPropose: route<Appointment>()({
    method: 'POST',
    path: '/api/appointments/:id/proposals',
    access: 'signedIn',
    input: ProposalSchema,
  }),
  appointmentProposalAccept: route<Appointment>()({
    method: 'POST',
    path: '/api/appointments/:id/proposals/:proposalId/accept',
    access: 'signedIn',
    input: AcceptProposalSchema,
  }),
  appointmentWhereabouts: route<Appointment>()({
    method: 'PUT',
    path: '/api/appointments/:id/whereabouts',
    access: 'signedIn',
    input: WhereaboutsSchema,
  }),
  appointmentContacts: route<AppointmentParties>()({
    method: 'GET',
    path: '/api/appointments/:id/contacts',
    access: 'signedIn',
  }),
  appointmentCalendar: route<Blob>()({
    method: 'GET',
    path: '/api/appointments/:id/calendar.ics',
    access: 'signedIn',
    raw: true,
  }),
  // A job whose mechanic was rejected or suspended, re-listed as a new request.
  requestRelist: route<ServiceRequest>()({
    method: 'POST',
    path: '/api/enhanced/quotes/:id/relist',
    access: { roles: ['pilot'] },
  }),
  /** The assigned mechanic cancels before work starts, with a reason; any deposit is refunded. */
  appointmentCancelByMechanic: route<Appointment>()({
    method: 'POST',
    path: '/api/appointments/:id/cancel',
    access: { job: ['mechanic'] },
    input: MechanicCancelSchema,
  }),
  // The owner's requests are also listed at the collection's own path, as they always were.
  requestsOwnAtBase: route<ServiceRequest[]>()({
    method: 'GET',
    path: '/api/enhanced/quotes',
    access: { roles: ['pilot', 'admin'] },
  }),
  // Dashboard counters and sums from the database (docs/decisions/0203-dashboard-summaries.md).
  ownerSummary: route<OwnerSummary>()({
    method: 'GET',
    path: '/api/dashboard/owner-summary',
    access: { roles: ['pilot', 'admin'] },
  }),
  mechanicSummary: route<MechanicSummary>()({
    method: 'GET',
    path: '/api/dashboard/mechanic-summary',
    access: { roles: ['mechanic'] },
    query: SummaryQuerySchema,
  }),
} as const satisfies Record<string, RouteSpec>;
