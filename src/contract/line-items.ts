// The words of a bid's lines and their sums, shared by the marketplace's answers (a bid and an
// appointment carry their lines), the itemized bids (bid-lines.ts) and the job figures. It imports
// nothing, so the modules above it never import each other (docs/decisions/0004).
// docs/decisions/0110-itemized-bids.md

export const LINE_CATEGORIES = ['inspection', 'airworthy', 'discretionary', 'parts', 'travel'] as const;
export type LineCategory = (typeof LINE_CATEGORIES)[number];

export const LINE_DECISIONS = ['approve', 'defer', 'decline'] as const;
export type LineDecision = (typeof LINE_DECISIONS)[number];

/** Totals in the API's units: hours and dollars. */
export interface Totals {
  hours: number;
  laborCost: number;
  partsCost: number;
  totalCost: number;
}

export type CategoryTotals = Record<LineCategory, Totals>;

export interface BidLine {
  id: string;
  position: number;
  category: LineCategory;
  description: string;
  laborHours: number;
  laborRate: number;
  laborCost: number;
  partsCost: number;
  totalCost: number;
  dueItemId: string | null;
  squawkId: string | null;
  /** The owner's decision; null until the bid is accepted or the change order decided. */
  decision: LineDecision | null;
  /** The change order that added the line; null for the bid's own lines. */
  changeOrderId: string | null;
}
