import { LINE_CATEGORY_OPTIONS, median } from '../../contract/bid-lines.ts';
import { LINE_CATEGORIES } from '../../contract/line-items.ts';
import { MARKETPLACE } from '../../contract/marketplace.ts';
import type { Bid } from '../../contract/bids.ts';
import type { ServiceRequest } from '../../contract/service-requests.ts';
import { labelOf } from '../../contract/options.ts';
import { formatCurrency, formatDay } from '../../lib/format.ts';
import { usedCategories } from './line-drafts.ts';
import { useAnswerChoices, useQuoteCoverage } from './use-coverage.ts';
import { answerTitle } from '../../contract/line-coverage.ts';
import { useQuoteLines } from './use-quote-lines.ts';
import { useState } from 'react';
import { hoursVsMedian } from './hours-difference.ts';

/**
 * The owner's side-by-side view of a request's quotes: per-category totals, hours against the
 * median of the quotes, warranty, dates, rating, distance and IA. A real table (row and column
 * headers) that scrolls sideways on a phone with the first column held in place.
 */
export function QuoteComparison({ request, quotes }: { request: ServiceRequest; quotes: Bid[] }) {
  // From the lines when the quotes carry them, else from their per-category totals (the owner's list).
  const categories = LINE_CATEGORIES.filter(
    (c) =>
      usedCategories(quotes.flatMap((q) => q.lines ?? [])).includes(c) ||
      quotes.some(
        (q) => !q.lines && q.categoryTotals && (q.categoryTotals[c].totalCost > 0 || q.categoryTotals[c].hours > 0),
      ),
  );
  const mid = median(quotes.map((q) => q.estimatedHours));
  const distance = (q: Bid) => request.matchedMechanics.find((m) => m.mechanicId === q.mechanicId)?.distanceMiles;
  const coverage = useQuoteCoverage(request, quotes);
  const listed = (names: string[] | undefined) =>
    names === undefined ? '—' : names.length === 0 ? 'Nothing' : names.join(', ');
  const rows: Array<[string, (q: Bid) => string]> = [
    // Which of the due items the request was made for each quote answers: a lower total that
    // leaves one out is not the same work.
    ...(coverage.size > 0
      ? ([
          ['Covers', (q) => listed(coverage.get(q.id)?.covered)],
          ['Leaves out', (q) => listed(coverage.get(q.id)?.missing)],
        ] as Array<[string, (q: Bid) => string]>)
      : []),
    // A category's row is the sum of its lines, labour and parts together: named "(lines)" so it is
    // not read as the quote card's Labor and Parts, which split the same total by kind of cost.
    ...categories.map((c): [string, (q: Bid) => string] => [
      `${labelOf(LINE_CATEGORY_OPTIONS, c)} (lines)`,
      (q) =>
        q.categoryTotals && q.categoryTotals[c].totalCost > 0 ? formatCurrency(q.categoryTotals[c].totalCost) : '—',
    ]),
    ['Total', (q) => formatCurrency(q.totalCost)],
    [
      'Hours',
      (q) =>
        `${q.estimatedHours} h${mid !== null && quotes.length > 1 ? ` (${q.estimatedHours === mid ? 'median' : `${hoursVsMedian(q.estimatedHours - mid)} vs median`})` : ''}`,
    ],
    ['Warranty', (q) => `${q.warrantyPeriod} days`],
    ['Start', (q) => formatDay(q.availableStartDate)],
    ['Finish', (q) => formatDay(q.estimatedCompletionDate)],
    [
      'Rating',
      (q) =>
        q.mechanicRatingCount > 0
          ? `${q.mechanicRating.toFixed(1)} of 5 (${q.mechanicRatingCount})`
          : MARKETPLACE.newMechanicLabel,
    ],
    ['Distance', (q) => (distance(q) !== undefined ? `${Math.round(distance(q)!)} mi` : '—')],
    [
      'IA',
      (q) =>
        q.mechanicIa
          ? 'Yes'
          : q.inspectionSigner
            ? `No; ${q.inspectionSigner.fullName} (IA) signs`
            : q.needsInspectionSigner
              ? 'No; nobody named to sign'
              : 'No',
    ],
  ];
  const tone = (label: string, q: Bid) =>
    label === 'Leaves out' && (coverage.get(q.id)?.missing.length ?? 0) > 0
      ? 'text-destructive font-medium'
      : label === 'Total'
        ? 'font-semibold'
        : '';
  return (
    <>
      {/* On a phone: one card per quote, every figure readable without scrolling sideways. */}
      <ul className="mt-3 space-y-3 sm:hidden" aria-label={`Compare quotes for ${request.aircraftTailNumber}`}>
        {quotes.map((q) => (
          <li key={q.id} className="rounded-md border border-border p-3">
            <p className="font-semibold">{q.mechanicName}</p>
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              {rows.map(([label, cell]) => (
                <div key={label} className="contents">
                  <dt className="text-muted-foreground">{label}</dt>
                  <dd className={`text-right tabular-nums ${tone(label, q)}`}>{cell(q)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <div
        className="mt-3 hidden overflow-x-auto rounded-md border border-border sm:block"
        tabIndex={0}
        role="region"
        aria-label={`Compare quotes for ${request.aircraftTailNumber}`}
      >
        {/* Columns wrap at a readable width (long "Covers" lists); more quotes than fit scroll sideways. */}
        <table className="w-full text-sm">
          <caption className="sr-only">Quotes for {request.aircraftTailNumber} side by side</caption>
          <thead>
            <tr className="border-b border-border bg-muted">
              <th scope="col" className="sticky left-0 bg-muted px-3 py-2 text-left">
                Compare
              </th>
              {quotes.map((q) => (
                <th key={q.id} scope="col" className="min-w-44 px-3 py-2 text-right align-top font-semibold">
                  {q.mechanicName}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(([label, cell]) => (
              <tr key={label} className="border-b border-border/60 last:border-0">
                <th
                  scope="row"
                  className="sticky left-0 bg-background px-3 py-1.5 text-left font-normal text-muted-foreground"
                >
                  {label}
                </th>
                {quotes.map((q) => (
                  <td key={q.id} className={`min-w-44 px-3 py-1.5 text-right align-top tabular-nums ${tone(label, q)}`}>
                    {cell(q)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/**
 * A quote's lines, folded (a native disclosure: keyboard and screen readers for free). The owner's
 * list counts them; opening the disclosure reads them (docs/decisions/0205).
 */
export function QuoteLines({ request, bid }: { request: Pick<ServiceRequest, 'id' | 'aircraftId'>; bid: Bid }) {
  const [open, setOpen] = useState(false);
  const count = bid.lines?.length ?? bid.lineCount ?? 0;
  const { lines, failed, retry } = useQuoteLines(request.id, [bid], open);
  // What each line answers of the request's due items and squawks, as the mechanic picked it.
  const choices = useAnswerChoices(request.aircraftId ? request.id : null, open);
  if (count === 0) return null;
  const shown = lines?.get(bid.id);
  return (
    <details className="mt-3 text-sm" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer font-medium">
        {count} {count === 1 ? 'line' : 'lines'}
      </summary>
      {failed ? (
        <p role="alert" className="mt-2 text-destructive">
          The lines could not be loaded.{' '}
          <button type="button" className="underline" onClick={retry}>
            Try again
          </button>
        </p>
      ) : !shown ? (
        <p className="mt-2 text-muted-foreground" aria-busy="true">
          Loading the lines…
        </p>
      ) : (
        <ul className="mt-2 space-y-1">
          {shown.map((l) => (
            <li key={l.id} className="flex justify-between gap-3">
              <span>
                <span className="text-muted-foreground">{labelOf(LINE_CATEGORY_OPTIONS, l.category)}:</span>{' '}
                {l.description}
                <span className="text-muted-foreground"> · {l.laborHours} h</span>
                {choices && answerTitle(l, choices) && (
                  <span className="block text-xs text-muted-foreground">Answers: {answerTitle(l, choices)}</span>
                )}
              </span>
              <span className="tabular-nums">{formatCurrency(l.totalCost)}</span>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
