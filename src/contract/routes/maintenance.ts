import {
  AircraftPatchSchema,
  HoursSchema,
  ItemCreateSchema,
  ItemPatchSchema,
  MaintenanceCompletionSchema,
  MaintenanceRequestSchema,
  SquawkCreateSchema,
  SquawkPatchSchema,
  type DueSoon,
  type HoursReading,
  type MaintenanceItem,
  type MaintenanceView,
  type RequestMaintenance,
  type Squawk,
} from '../maintenance.ts';
import type { Aircraft } from '../marketplace.ts';
import type { ServiceRequest } from '../service-requests.ts';
import { route, type RouteSpec } from './route.ts';

/** Maintenance tracking (docs/decisions/0100-maintenance-tracking.md): its part of the route table (`src/contract/routes.ts` composes them). */
export const ROUTES = {
  // Deletes answer 204 with no body (`replyWith(route, new Response(null, { status: 204 }))`).
  aircraftOne: route<Aircraft>()({ method: 'GET', path: '/api/aircraft/:id', access: 'signedIn' }),
  aircraftUpdate: route<Aircraft>()({
    method: 'PATCH',
    path: '/api/aircraft/:id',
    access: 'signedIn',
    input: AircraftPatchSchema,
  }),
  aircraftDelete: route<void>()({ method: 'DELETE', path: '/api/aircraft/:id', access: 'signedIn' }),
  aircraftHours: route<HoursReading>()({
    method: 'POST',
    path: '/api/aircraft/:id/hours',
    access: 'signedIn',
    input: HoursSchema,
  }),
  maintenance: route<MaintenanceView>()({ method: 'GET', path: '/api/aircraft/:id/maintenance', access: 'signedIn' }),
  /** The Overview's Due Soon card across all the owner's aircraft (`DueSoon`). */
  maintenanceDueSoon: route<DueSoon>()({
    method: 'GET',
    path: '/api/maintenance/due-soon',
    access: { roles: ['pilot'] },
  }),
  maintenanceItemAdd: route<MaintenanceItem>()({
    method: 'POST',
    path: '/api/aircraft/:id/maintenance',
    access: 'signedIn',
    input: ItemCreateSchema,
  }),
  maintenanceItemUpdate: route<MaintenanceItem>()({
    method: 'PATCH',
    path: '/api/aircraft/:id/maintenance/:itemId',
    access: 'signedIn',
    input: ItemPatchSchema,
  }),
  maintenanceItemDelete: route<void>()({
    method: 'DELETE',
    path: '/api/aircraft/:id/maintenance/:itemId',
    access: 'signedIn',
  }),
  maintenanceRequest: route<ServiceRequest>()({
    method: 'POST',
    path: '/api/aircraft/:id/maintenance/request',
    access: 'signedIn',
    input: MaintenanceRequestSchema,
  }),
  squawkAdd: route<Squawk>()({
    method: 'POST',
    path: '/api/aircraft/:id/squawks',
    access: 'signedIn',
    input: SquawkCreateSchema,
  }),
  squawkUpdate: route<Squawk>()({
    method: 'PATCH',
    path: '/api/aircraft/:id/squawks/:squawkId',
    access: 'signedIn',
    input: SquawkPatchSchema,
  }),
  requestMaintenance: route<RequestMaintenance>()({
    method: 'GET',
    path: '/api/enhanced/quotes/:id/maintenance',
    access: 'signedIn',
  }),
  requestMaintenanceComplete: route<RequestMaintenance>()({
    method: 'POST',
    path: '/api/enhanced/quotes/:id/maintenance',
    access: { roles: ['mechanic'] },
    input: MaintenanceCompletionSchema,
  }),
} as const satisfies Record<string, RouteSpec>;
