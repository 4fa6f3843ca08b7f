import { ROLES } from '../roles.ts';
import type { Appointment } from '../appointments.ts';
import type { AcceptPayment } from '../payments.ts';
import {
  AogAirportsQuerySchema,
  AogAssignSchema,
  AogAvailabilitySchema,
  AogOfferSchema,
  AogPageQuerySchema,
  AogReportSchema,
  AogStatusSchema,
  type AogAdminItem,
  type AogAirport,
  type AogAvailability,
  type AogCreated,
  type AogOffer,
  type AogOpenCall,
  type AogSummary,
  type AogView,
} from '../aog.ts';
import { route, type RouteSpec } from './route.ts';

/** Aircraft on ground dispatch (docs/decisions/0250-aog-dispatch.md): its part of the route table (`src/contract/routes.ts` composes them). */
export const ROUTES = {
  aogReport: route<AogCreated>()({ method: 'POST', path: '/api/aog', access: 'signedIn', input: AogReportSchema }),
  /** The caller's own calls: an owner's reports, a mechanic's dispatches; newest first, by `before`. */
  aogMine: route<AogSummary[]>()({
    method: 'GET',
    path: '/api/aog',
    access: { job: ['pilot', 'mechanic'] },
    query: AogPageQuerySchema,
  }),
  aogOpen: route<AogOpenCall[]>()({ method: 'GET', path: '/api/aog/open', access: { job: ['mechanic'] } }),
  aogAirports: route<AogAirport[]>()({
    method: 'GET',
    path: '/api/aog/airports',
    access: 'signedIn',
    query: AogAirportsQuerySchema,
  }),
  aogAvailability: route<AogAvailability>()({
    method: 'GET',
    path: '/api/aog/availability',
    access: { roles: ['mechanic'] },
  }),
  aogAvailabilitySave: route<AogAvailability>()({
    method: 'PUT',
    path: '/api/aog/availability',
    access: { roles: ['mechanic'] },
    input: AogAvailabilitySchema,
  }),
  aogOne: route<AogView>()({ method: 'GET', path: '/api/aog/:id', access: { job: ROLES } }),
  aogOffer: route<AogOffer>()({
    method: 'POST',
    path: '/api/aog/:id/offers',
    access: { job: ['mechanic'] },
    input: AogOfferSchema,
  }),
  aogAccept: route<Appointment & { payment?: AcceptPayment }>()({
    method: 'POST',
    path: '/api/aog/:id/offers/:offerId/accept',
    access: 'signedIn',
  }),
  aogStatus: route<AogView>()({
    method: 'POST',
    path: '/api/aog/:id/status',
    access: { job: ROLES },
    input: AogStatusSchema,
  }),
  aogCancel: route<AogView>()({ method: 'POST', path: '/api/aog/:id/cancel', access: 'signedIn' }),
  adminAog: route<AogAdminItem[]>()({
    method: 'GET',
    path: '/api/admin/aog',
    access: { roles: ['admin'] },
    query: AogPageQuerySchema,
  }),
  adminAogAssign: route<Appointment>()({
    method: 'POST',
    path: '/api/admin/aog/:id/assign',
    access: { roles: ['admin'] },
    input: AogAssignSchema,
  }),
} as const satisfies Record<string, RouteSpec>;
