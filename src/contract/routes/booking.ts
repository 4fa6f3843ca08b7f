import {
  AvailabilitySchema,
  HoldSchema,
  OffersQuerySchema,
  RatesSchema,
  RescheduleSchema,
  type Availability,
  type BookingHold,
  type BookingOffer,
  type Rate,
} from '../booking.ts';
import type { Appointment } from '../appointments.ts';
import type { AcceptPayment } from '../payments.ts';
import { route, type RouteSpec } from './route.ts';

/** Instant booking and the calendar feed (docs/decisions/0240-instant-booking.md, 0241): its part of the route table (`src/contract/routes.ts` composes them). */
export const ROUTES = {
  bookingRates: route<Rate[]>()({
    method: 'GET',
    path: '/api/enhanced/mechanic-profile/rates',
    access: { roles: ['mechanic'] },
  }),
  bookingRatesSave: route<Rate[]>()({
    method: 'PUT',
    path: '/api/enhanced/mechanic-profile/rates',
    access: { roles: ['mechanic'] },
    input: RatesSchema,
  }),
  bookingAvailability: route<Availability>()({
    method: 'GET',
    path: '/api/enhanced/mechanic-profile/availability',
    access: { roles: ['mechanic'] },
  }),
  bookingAvailabilitySave: route<Availability>()({
    method: 'PUT',
    path: '/api/enhanced/mechanic-profile/availability',
    access: { roles: ['mechanic'] },
    input: AvailabilitySchema,
  }),
  bookingOffers: route<BookingOffer[]>()({
    method: 'GET',
    path: '/api/booking/offers',
    access: 'signedIn',
    query: OffersQuerySchema,
  }),
  bookingHold: route<BookingHold>()({
    method: 'POST',
    path: '/api/booking/holds',
    access: 'signedIn',
    input: HoldSchema,
  }),
  bookingHoldRelease: route<{ success: true }>()({
    method: 'DELETE',
    path: '/api/booking/holds/:id',
    access: 'signedIn',
  }),
  bookingHoldConfirm: route<Appointment & { payment?: AcceptPayment }>()({
    method: 'POST',
    path: '/api/booking/holds/:id/confirm',
    access: 'signedIn',
  }),
  calendarFeed: route<string>()({ method: 'GET', path: '/api/calendar/:token.ics', access: 'public', raw: true }),
  // A booking after confirmation: the owner moves or cancels it inside its window (docs/decisions/0241).
  bookingOpenStarts: route<{ openStarts: string[]; freeUntil: string }>()({
    method: 'GET',
    path: '/api/booking/appointments/:id/open-starts',
    access: 'signedIn',
  }),
  bookingReschedule: route<Appointment>()({
    method: 'POST',
    path: '/api/booking/appointments/:id/reschedule',
    access: 'signedIn',
    input: RescheduleSchema,
  }),
  bookingCancel: route<Appointment>()({
    method: 'POST',
    path: '/api/booking/appointments/:id/cancel',
    access: 'signedIn',
  }),
} as const satisfies Record<string, RouteSpec>;
