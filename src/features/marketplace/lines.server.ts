import type { Selectable } from 'kysely';
import {
  LINE_CATEGORY_OPTIONS,
  UNDECLINABLE,
  categoryForService,
  categoryTotals,
  laborCents,
  sumLines,
  toTotals,
  type BidBody,
  type DecisionData,
  type LineData,
  type PricedLine,
} from '../../contract/bid-lines.ts';
import type { BidLine, CategoryTotals, LineDecision, Totals } from '../../contract/line-items.ts';
import { MARKETPLACE_SERVICE_TYPES, type MarketplaceServiceType } from '../../contract/marketplace.ts';
import { type Bid, bidTotal, needsInspectionSigner } from '../../contract/bids.ts';
import { labelOf } from '../../contract/options.ts';
import { jobFigures } from '../../contract/job-figures.ts';
import type { Db, Tx } from '../../server/db/client.ts';
import type { BidLinesTable } from '../../server/db/tables/bid-lines.ts';
import { badRequest } from '../../server/http/errors.ts';

/** A line ready to insert: hours in tenths, money in cents. */
export interface NewLine {
  category: LineData['category'];
  description: string;
  hoursTenths: number;
  rateCents: number;
  laborCents: number;
  partsCents: number;
  dueItemId: string | null;
  squawkId: string | null;
}

/** The spec's bid figures (dollars and hours, as the bids table keeps them) and the lines behind them. */
export interface PricedBid {
  laborCost: number;
  partsCost: number;
  totalCost: number;
  estimatedHours: number;
  lines: NewLine[];
}

export function newLines(lines: readonly LineData[]): NewLine[] {
  return lines.map((l) => ({
    category: l.category,
    description: l.description,
    hoursTenths: l.laborHours,
    rateCents: l.laborRate,
    laborCents: laborCents(l.laborHours, l.laborRate),
    partsCents: l.partsCost,
    dueItemId: l.dueItemId,
    squawkId: l.squawkId,
  }));
}

const priced = (l: NewLine): PricedLine => ({
  category: l.category,
  hoursTenths: l.hoursTenths,
  laborCents: l.laborCents,
  partsCents: l.partsCents,
});

/**
 * The bid's figures, never the client's: with lines, their sums; without, the spec's fields as
 * sent (answers identical to before) and one line holding them, its labor kept to the cent.
 */
export function priceBid(body: BidBody, serviceType: MarketplaceServiceType): PricedBid {
  if (!body.itemized) {
    const labor = Math.round(body.laborCost * 100);
    const hoursTenths = Math.round(body.estimatedHours * 10);
    return {
      laborCost: body.laborCost,
      partsCost: body.partsCost,
      totalCost: bidTotal(body.laborCost, body.partsCost),
      estimatedHours: body.estimatedHours,
      lines: [
        {
          category: categoryForService(serviceType),
          description: labelOf(MARKETPLACE_SERVICE_TYPES, serviceType),
          hoursTenths,
          rateCents: Math.round((labor * 10) / hoursTenths),
          laborCents: labor,
          partsCents: Math.round(body.partsCost * 100),
          dueItemId: null,
          squawkId: null,
        },
      ],
    };
  }
  const lines = newLines(body.lines);
  const t = sumLines(lines.map(priced));
  return {
    laborCost: t.laborCents / 100,
    partsCost: t.partsCents / 100,
    totalCost: t.totalCents / 100,
    estimatedHours: t.hoursTenths / 10,
    lines,
  };
}

/**
 * Checks that every due item and squawk a line names belongs to the request's aircraft (400 naming
 * the line otherwise), then inserts the lines after the bid's last position.
 */
export async function insertLines(
  trx: Tx,
  bidId: string,
  aircraftId: string | null,
  lines: readonly NewLine[],
  options: { changeOrderId?: string; path?: string } = {},
): Promise<void> {
  const path = options.path ?? 'lines';
  const itemIds = lines.flatMap((l) => (l.dueItemId ? [l.dueItemId] : []));
  const squawkIds = lines.flatMap((l) => (l.squawkId ? [l.squawkId] : []));
  const [items, squawks] = await Promise.all([
    itemIds.length && aircraftId
      ? trx
          .selectFrom('maintenanceItems')
          .select('id')
          .where('id', 'in', itemIds)
          .where('aircraftId', '=', aircraftId)
          .execute()
      : Promise.resolve([]),
    squawkIds.length && aircraftId
      ? trx
          .selectFrom('squawks')
          .select('id')
          .where('id', 'in', squawkIds)
          .where('aircraftId', '=', aircraftId)
          .execute()
      : Promise.resolve([]),
  ]);
  const knownItems = new Set(items.map((i) => i.id));
  const knownSquawks = new Set(squawks.map((s) => s.id));
  const errors = lines.flatMap((l, i) => [
    ...(l.dueItemId && !knownItems.has(l.dueItemId)
      ? [{ path: `${path}.${i}.dueItemId`, message: 'This due item is not on the request’s aircraft' }]
      : []),
    ...(l.squawkId && !knownSquawks.has(l.squawkId)
      ? [{ path: `${path}.${i}.squawkId`, message: 'This squawk is not on the request’s aircraft' }]
      : []),
  ]);
  if (errors.length) throw badRequest(errors[0]!.message, errors);

  const last = await trx
    .selectFrom('bidLines')
    .select((eb) => eb.fn.max<number | null>('position').as('last'))
    .where('bidId', '=', bidId)
    .executeTakeFirstOrThrow();
  const start = (last.last ?? 0) + 1;
  await trx
    .insertInto('bidLines')
    .values(
      lines.map((l, i) => ({
        bidId,
        changeOrderId: options.changeOrderId ?? null,
        position: start + i,
        category: l.category,
        description: l.description,
        hoursTenths: l.hoursTenths,
        rateCents: l.rateCents,
        laborCents: l.laborCents,
        partsCents: l.partsCents,
        dueItemId: l.dueItemId,
        squawkId: l.squawkId,
        decision: null,
        decidedAt: null,
      })),
    )
    .execute();
}

export type LineRow = Selectable<BidLinesTable>;

export function toLine(row: LineRow): BidLine {
  const labor = Number(row.laborCents);
  const parts = Number(row.partsCents);
  return {
    id: row.id,
    position: row.position,
    category: row.category,
    description: row.description,
    laborHours: row.hoursTenths / 10,
    laborRate: Number(row.rateCents) / 100,
    laborCost: labor / 100,
    partsCost: parts / 100,
    totalCost: (labor + parts) / 100,
    dueItemId: row.dueItemId,
    squawkId: row.squawkId,
    decision: row.decision,
    changeOrderId: row.changeOrderId,
  };
}

export const pricedOf = (l: BidLine): PricedLine => ({
  category: l.category,
  hoursTenths: Math.round(l.laborHours * 10),
  laborCents: Math.round(l.laborCost * 100),
  partsCents: Math.round(l.partsCost * 100),
});

export const totalsOf = (lines: readonly BidLine[]): Totals => toTotals(sumLines(lines.map(pricedOf)));
export const categoryTotalsOf = (lines: readonly BidLine[]): CategoryTotals => categoryTotals(lines.map(pricedOf));

/** Every line of these bids (their own and their change orders'), in order. */
export async function lineRows(db: Db, bidIds: readonly string[]): Promise<LineRow[]> {
  if (bidIds.length === 0) return [];
  return db
    .selectFrom('bidLines')
    .selectAll()
    .where('bidId', 'in', [...bidIds])
    .orderBy('bidId')
    .orderBy('position')
    .execute();
}

export type BidWithLines = Bid & {
  lines: BidLine[];
  categoryTotals: CategoryTotals;
  mechanicIa: boolean;
  needsInspectionSigner: boolean;
  mechanicFaaAirmen?: string;
};

/** What `attachLines` needs beside the bids, read once for all of them. */
export interface LineContext {
  /** Every line of the bids (their own and their change orders'), in order. */
  lines: readonly LineRow[];
  /** Each mechanic's verified IA (an IA asked for on a profile counts for nothing until approved, 0180). */
  verifiedIa: ReadonlyMap<string, boolean>;
  /** Each mechanic's FAA airmen badge, when the file has their single match (docs/decisions/0120). */
  badges: ReadonlyMap<string, string>;
  /** Each bid's request: its service type and status. */
  requests: ReadonlyMap<string, { serviceType: string; status: string }>;
}

/**
 * Adds each bid's own lines (not its change orders'), their per-category totals and whether its
 * mechanic holds an IA, from a context read beside the bids (requests.server.ts, quoteCards).
 */
export function attachLines(bids: Bid[], context: LineContext): BidWithLines[] {
  const linesOf = new Map<string, LineRow[]>();
  for (const row of context.lines) linesOf.set(row.bidId, [...(linesOf.get(row.bidId) ?? []), row]);
  return bids.map((b) => {
    const all = linesOf.get(b.id) ?? [];
    const lines = all.filter((r) => r.changeOrderId === null).map(toLine);
    const mechanicIa = context.verifiedIa.get(b.mechanicId) ?? false;
    // The FAA airmen file's single match, as its sentence (docs/decisions/0120); absent otherwise.
    const badge = context.badges.get(b.mechanicId);
    // An annual quoted without IA and without naming the IA who signs it (docs/decisions/0140).
    const request = context.requests.get(b.serviceRequestId);
    const unsigned = needsInspectionSigner(request?.serviceType ?? '', mechanicIa) && !b.inspectionSigner;
    // The accepted quote carries the job's figures, so its card names the one that stands (docs/decisions/0170).
    const figures =
      b.status === 'accepted'
        ? { figures: jobFigures(all.map(toLine), request?.status === 'completed' ? 'completed' : 'accepted') }
        : {};
    return Object.assign(
      b,
      { lines, categoryTotals: categoryTotalsOf(lines), mechanicIa, needsInspectionSigner: unsigned },
      figures,
      badge ? { mechanicFaaAirmen: badge } : {},
    );
  });
}

/** Every line of the bids on `requestIds` (only `mechanicId`'s bids, when named), in order. */
export async function lineRowsOnRequests(
  db: Db,
  requestIds: readonly string[],
  mechanicId?: string,
): Promise<LineRow[]> {
  if (requestIds.length === 0) return [];
  let query = db
    .selectFrom('bidLines as l')
    .innerJoin('bids as b', 'b.id', 'l.bidId')
    .selectAll('l')
    .where('b.serviceRequestId', 'in', [...requestIds]);
  if (mechanicId) query = query.where('b.mechanicId', '=', mechanicId);
  return query.orderBy('l.bidId').orderBy('l.position').execute();
}

const categoryLabel = (c: LineData['category']) => labelOf(LINE_CATEGORY_OPTIONS, c);

/**
 * Records the owner's decision on each of `lineIds` (locked rows of one bid or change order): those
 * not named are approved when `missing` is 'approve', refused otherwise. 400 when a line is unknown,
 * named twice, or an inspection or airworthiness line is declined.
 */
export async function decideLines(
  trx: Tx,
  rows: readonly LineRow[],
  decisions: readonly DecisionData[] | undefined,
  missing: 'approve' | 'refuse',
  what: string,
): Promise<Map<string, LineDecision>> {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const chosen = new Map<string, LineDecision>();
  for (const [i, d] of (decisions ?? []).entries()) {
    const row = byId.get(d.lineId);
    if (!row)
      throw badRequest(`Line ${d.lineId} is not a line of this ${what}`, [
        { path: `decisions.${i}.lineId`, message: `Not a line of this ${what}` },
      ]);
    if (chosen.has(d.lineId))
      throw badRequest('Each line can be decided once', [
        { path: `decisions.${i}.lineId`, message: 'This line is decided twice' },
      ]);
    if (d.decision === 'decline' && UNDECLINABLE.includes(row.category)) {
      const message = `${row.category === 'airworthy' ? 'Airworthiness' : categoryLabel(row.category)} lines cannot be declined, only approved or deferred ("${row.description}")`;
      throw badRequest(message, [{ path: `decisions.${i}.decision`, message }]);
    }
    chosen.set(d.lineId, d.decision);
  }
  for (const r of rows) {
    if (chosen.has(r.id)) continue;
    if (missing === 'refuse') throw badRequest(`Decide every line of the ${what} ("${r.description}" has no decision)`);
    chosen.set(r.id, 'approve');
  }
  const now = new Date();
  for (const decision of ['approve', 'defer', 'decline'] as const) {
    const ids = [...chosen].filter(([, d]) => d === decision).map(([id]) => id);
    if (ids.length)
      await trx.updateTable('bidLines').set({ decision, decidedAt: now }).where('id', 'in', ids).execute();
  }
  return chosen;
}

/** The lines of an accepted bid, locked, for the owner's decisions at acceptance. */
export async function decideAcceptance(
  trx: Tx,
  bidId: string,
  decisions: readonly DecisionData[] | undefined,
): Promise<Totals> {
  const rows = await trx
    .selectFrom('bidLines')
    .selectAll()
    .where('bidId', '=', bidId)
    .where('changeOrderId', 'is', null)
    .orderBy('position')
    .forUpdate()
    .execute();
  const chosen = await decideLines(trx, rows, decisions, 'approve', 'quote');
  if (![...chosen.values()].includes('approve')) throw badRequest('Approve at least one line to accept this quote');
  return totalsOf(rows.filter((r) => chosen.get(r.id) === 'approve').map(toLine));
}
