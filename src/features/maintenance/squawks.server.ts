import { formatDay } from '../../lib/format.ts';
import { isUuid } from '../../contract/ids.ts';
import type { Squawk } from '../../contract/maintenance.ts';
import type { Db } from '../../server/db/client.ts';
import { badRequest, notFound } from '../../server/http/errors.ts';
import { SQUAWK_MACHINE } from '../../contract/status-machines.ts';
import { transition } from '../../server/http/transition.ts';
import { ownAircraft, toSquawk } from './maintenance.server.ts';
import { aircraftZone, dayInZone } from '../marketplace/geo/airport-day.ts';

// ---------------------------------------------------------------------------------------------
// Squawks

async function checkDocument(db: Db, ownerId: string, documentId: string | null | undefined): Promise<void> {
  if (!documentId) return;
  const doc = await db
    .selectFrom('documents')
    .select('id')
    .where('id', '=', documentId)
    .where('ownerId', '=', ownerId)
    .executeTakeFirst();
  if (!doc)
    throw badRequest('Photo must be one of your documents', [
      { path: 'documentId', message: 'Photo must be one of your documents' },
    ]);
}

export async function addSquawk(
  db: Db,
  ownerId: string,
  aircraftId: string,
  data: { title: string; description: string | null; priority: Squawk['priority']; documentId: string | null },
): Promise<Squawk> {
  await ownAircraft(db, ownerId, aircraftId);
  await checkDocument(db, ownerId, data.documentId);
  const row = await db
    .insertInto('squawks')
    .values({ aircraftId, ...data, resolutionNote: null, resolvedAt: null })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toSquawk(row);
}

export async function updateSquawk(
  db: Db,
  ownerId: string,
  aircraftId: string,
  squawkId: string,
  patch: {
    title?: string | undefined;
    description?: string | null | undefined;
    priority?: Squawk['priority'] | undefined;
    documentId?: string | null | undefined;
    status?: Squawk['status'] | undefined;
    resolutionNote?: string | null | undefined;
  },
): Promise<Squawk> {
  const aircraft = await ownAircraft(db, ownerId, aircraftId);
  if (!isUuid(squawkId)) throw notFound('Squawk not found');
  await checkDocument(db, ownerId, patch.documentId);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('squawks')
      .selectAll()
      .where('id', '=', squawkId)
      .where('aircraftId', '=', aircraftId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound('Squawk not found');
    const now = new Date();
    const set: Record<string, unknown> = { updatedAt: now };
    for (const key of ['title', 'description', 'priority', 'documentId'] as const)
      if (patch[key] !== undefined) set[key] = patch[key];
    if (patch.status === 'resolved') {
      // A second resolution (a stale tab) never overwrites the first one silently: the refusal says
      // when and how it was resolved.
      const when = row.resolvedAt
        ? ` on ${formatDay(dayInZone(aircraftZone(aircraft.homeAirport), row.resolvedAt))}`
        : '';
      const status = transition(
        SQUAWK_MACHINE,
        row.status,
        'resolve',
        () =>
          `This squawk was already resolved${when}${row.resolutionNote ? `: "${row.resolutionNote}"` : ''}. Reopen it first to resolve it again.`,
      );
      Object.assign(set, { status, resolvedAt: now, resolutionNote: patch.resolutionNote });
    } else if (patch.status === 'open')
      Object.assign(set, {
        status: transition(SQUAWK_MACHINE, row.status, 'reopen'),
        resolvedAt: null,
        resolutionNote: null,
      });
    else if (patch.resolutionNote !== undefined && row.status === 'resolved') set.resolutionNote = patch.resolutionNote;
    const updated = await trx
      .updateTable('squawks')
      .set(set)
      .where('id', '=', squawkId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toSquawk(updated);
  });
}
