import { AOG_MACHINE } from '../../contract/aog-machine.ts';
import { can } from '../../contract/machines.ts';
import type { Tx } from '../../server/db/client.ts';
import { transition } from '../../server/http/transition.ts';

/**
 * The job a call became was completed from its appointment card (the way a job is finished): the
 * call is fixed, through its machine, in the completion's transaction, so the owner's first screen
 * no longer lists it as "Mechanic assigned" under way. A call the mechanic already marked fixed,
 * or one never dispatched, is left as it is. Locked after the appointment, as the completion holds it.
 */
export async function aogFixedWithJob(trx: Tx, appointmentId: string, mechanicId: string): Promise<void> {
  const call = await trx
    .selectFrom('aogReports')
    .select(['id', 'status'])
    .where('appointmentId', '=', appointmentId)
    .forUpdate()
    .executeTakeFirst();
  if (!call || !can(AOG_MACHINE, call.status, 'fixed')) return;
  const status = transition(AOG_MACHINE, call.status, 'fixed');
  const now = new Date();
  await trx
    .updateTable('aogReports')
    .set({ status, closedAt: now, updatedAt: now })
    .where('id', '=', call.id)
    .execute();
  await trx
    .insertInto('aogEvents')
    .values({ aogId: call.id, status, note: 'The job was completed.', byUserId: mechanicId })
    .execute();
}
