import { ROLES } from '../roles.ts';
import {
  RecordPatchSchema,
  SignRecordSchema,
  type MaintenanceRecord,
  type RecordToSign,
  type RecordView,
} from '../records.ts';
import { RecordsPacketQuerySchema, type RecordsPacket } from '../records-packet.ts';
import { route, type RouteSpec } from './route.ts';

/** Signed maintenance records, logbook and records packet (docs/decisions/0130-signed-maintenance-records.md): its part of the route table (`src/contract/routes.ts` composes them). */
export const ROUTES = {
  record: route<RecordView>()({ method: 'GET', path: '/api/appointments/:id/record', access: { job: ROLES } }),
  recordUpdate: route<RecordView>()({
    method: 'PUT',
    path: '/api/appointments/:id/record',
    access: { job: ROLES },
    input: RecordPatchSchema,
  }),
  recordSign: route<RecordView>()({
    method: 'POST',
    path: '/api/appointments/:id/record/sign',
    access: { job: ROLES },
    input: SignRecordSchema,
  }),
  recordCorrect: route<RecordView>()({
    method: 'POST',
    path: '/api/appointments/:id/record/correct',
    access: { job: ROLES },
  }),
  /** The annuals a quote named this IA to sign, waiting for the signature (docs/decisions/0140). */
  recordsToSign: route<RecordToSign[]>()({
    method: 'GET',
    path: '/api/records/to-sign',
    access: { job: ['mechanic'] },
  }),
  logbook: route<MaintenanceRecord[]>()({
    method: 'GET',
    path: '/api/aircraft/:id/logbook',
    access: { roles: ['pilot'] },
  }),
  logbookPdf: route<Blob>()({
    method: 'GET',
    path: '/api/aircraft/:id/logbook/pdf',
    access: { roles: ['pilot'] },
    raw: true,
  }),
  /** The aircraft's records packet (docs/decisions/0398): a PDF, or with ?format=json a `RecordsPacket`. */
  recordsPacket: route<Blob | RecordsPacket>()({
    method: 'GET',
    path: '/api/aircraft/:id/records-packet',
    access: { roles: ['pilot'] },
    raw: true,
    query: RecordsPacketQuerySchema,
  }),
} as const satisfies Record<string, RouteSpec>;
