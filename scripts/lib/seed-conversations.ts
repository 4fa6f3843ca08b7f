import type { Db } from '../../src/server/db/client.ts';
import { sendMessage } from '../../src/features/conversations/messages.server.ts';
import { ensureThread } from '../../src/features/conversations/threads.server.ts';
import { demoPilotAndMechanic } from './seed-accounts.ts';

/** The demo mechanic asked about the demo pilot's open annual, and she answered: Messages is not empty. */
export async function seedConversations(db: Db): Promise<void> {
  const demo = await demoPilotAndMechanic(db);
  if (!demo) return;
  const { pilot, mechanic } = demo;
  const request = await db
    .selectFrom('serviceRequests as sr')
    .innerJoin('serviceRequestMatches as m', (j) =>
      j.onRef('m.serviceRequestId', '=', 'sr.id').on('m.mechanicId', '=', mechanic.id),
    )
    .select('sr.id')
    .where('sr.customerId', '=', pilot.id)
    .where('sr.aircraftTailNumber', '=', 'N734PP')
    .where('sr.status', 'in', ['matched', 'quoted'])
    .executeTakeFirst();
  if (!request) return;
  const { row, created } = await ensureThread(db, request.id, mechanic.id, pilot.id);
  if (!created) return;
  await sendMessage(db, mechanic, row.id, {
    text: 'Hi Paula, about the alternator light: does it flicker at idle only, or in cruise too? A photo of the ammeter and the logbook page of the last alternator work would help me quote.',
    documentIds: [],
  });
  await sendMessage(db, pilot, row.id, {
    text: 'Mostly at idle after a long taxi. I will photograph the logbook page tonight.',
    documentIds: [],
  });
}
