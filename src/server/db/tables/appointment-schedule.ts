import type { ColumnType, Generated } from 'kysely';
import type { ProposalStatus, ProposedTime } from '../../../contract/appointment-schedule.ts';
import type { CreatedAt } from './foundation.ts';

type NullableInstant = ColumnType<Date | null, Date | string | null, Date | string | null>;
/** jsonb: written as JSON text, read parsed. */
type Json<T> = ColumnType<T, string, string>;

export interface AppointmentProposalsTable {
  id: Generated<string>;
  appointmentId: string;
  proposedBy: string;
  proposerRole: 'owner' | 'mechanic';
  times: Json<ProposedTime[]>;
  reason: string | null;
  /** Made when a time had been agreed (or countering such a proposal): it moves that time. */
  reschedule: Generated<boolean>;
  status: ColumnType<ProposalStatus, ProposalStatus | undefined, ProposalStatus>;
  chosen: ColumnType<ProposedTime | null, string | null | undefined, string | null>;
  createdAt: CreatedAt;
  decidedAt: NullableInstant;
}

export interface AppointmentScheduleTables {
  appointmentProposals: AppointmentProposalsTable;
}
