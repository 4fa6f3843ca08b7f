import type { ColumnType, Generated } from 'kysely';
import type { ChangeOrderStatus } from '../../../contract/bid-lines.ts';
import type { LineCategory, LineDecision } from '../../../contract/line-items.ts';
import type { CreatedAt } from './foundation.ts';

type NullableInstant = ColumnType<Date | null, Date | string | null, Date | string | null>;
/** bigint: pg answers text. */
type Cents = ColumnType<string, number | string, number | string>;

export interface ChangeOrdersTable {
  id: Generated<string>;
  appointmentId: string;
  mechanicId: string;
  status: ColumnType<ChangeOrderStatus, ChangeOrderStatus | undefined, ChangeOrderStatus>;
  note: string | null;
  documentIds: ColumnType<string[], string[] | undefined, string[]>;
  createdAt: CreatedAt;
  decidedAt: NullableInstant;
}

export interface BidLinesTable {
  id: Generated<string>;
  bidId: string;
  changeOrderId: string | null;
  position: number;
  category: LineCategory;
  description: string;
  hoursTenths: number;
  rateCents: Cents;
  laborCents: Cents;
  partsCents: Cents;
  dueItemId: string | null;
  squawkId: string | null;
  decision: LineDecision | null;
  decidedAt: NullableInstant;
  createdAt: CreatedAt;
}

export interface BidLinesTables {
  bidLines: BidLinesTable;
  changeOrders: ChangeOrdersTable;
}
