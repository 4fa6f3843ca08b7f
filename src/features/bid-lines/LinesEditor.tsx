import { ArrowDown, ArrowUp, BookmarkPlus, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Input, Label, NativeSelect } from '../../components/ui/field.tsx';
import { BID_LINES, LINE_CATEGORY_OPTIONS } from '../../contract/bid-lines.ts';
import type { LineCategory } from '../../contract/line-items.ts';
import { labelOf } from '../../contract/options.ts';
import { formatCurrency } from '../../lib/format.ts';
import { answerOptions, type AnswerChoices, type LineAnswer } from '../../contract/line-coverage.ts';
import {
  answerOf,
  draftCategoryTotals,
  draftLine,
  draftTotals,
  hoursError,
  move,
  pricedDraft,
  usedCategories,
  type DraftLine,
} from './line-drafts.ts';
import { loadTemplates, saveTemplates, type LineTemplate } from './templates.ts';

/** Field errors by line index and field name, from the server's `lines.N.field` paths. */
export type LineErrors = Record<string, string>;

/**
 * The bid's lines: add, remove, move up or down, copy from the mechanic's saved templates; each
 * line's total and the running totals per category as they are typed. Every control is a native
 * one with its own label, so the editor works from the keyboard and on a phone.
 */
export function LinesEditor({
  lines,
  onChange,
  errors = {},
  prefix,
  templateOwner,
  choices,
}: {
  lines: DraftLine[];
  onChange: (lines: DraftLine[]) => void;
  errors?: LineErrors;
  prefix: string;
  templateOwner?: string;
  /** The request's due items and squawks: each line says which one it answers (or none). */
  choices?: AnswerChoices | null;
}) {
  const answers = choices ? answerOptions(choices) : [];
  const [templates, setTemplates] = useState<LineTemplate[]>(() => (templateOwner ? loadTemplates(templateOwner) : []));
  const [announce, setAnnounce] = useState('');
  const set = (i: number, patch: Partial<DraftLine>) =>
    onChange(lines.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const totals = draftTotals(lines);
  const byCategory = draftCategoryTotals(lines);

  const add = (over: Partial<DraftLine> = {}) => {
    if (lines.length >= BID_LINES.maxLines) return;
    onChange([...lines, draftLine({ category: lines.length === 0 ? 'inspection' : 'airworthy', ...over })]);
    setAnnounce(`Line ${lines.length + 1} added`);
  };
  const saveTemplate = (l: DraftLine) => {
    if (!templateOwner || !l.description.trim()) return;
    const next = [
      ...templates.filter((t) => t.description !== l.description.trim()),
      {
        category: l.category,
        description: l.description.trim(),
        laborHours: l.laborHours,
        laborRate: l.laborRate,
        partsCost: l.partsCost,
      },
    ];
    setTemplates(next);
    saveTemplates(templateOwner, next);
    setAnnounce(`Saved "${l.description.trim()}" as a template`);
  };

  return (
    <div className="space-y-3">
      <p className="sr-only" aria-live="polite">
        {announce}
      </p>
      <ol className="space-y-3" aria-label="Quote lines">
        {lines.map((l, i) => {
          const id = `${prefix}-line-${l.key}`;
          // The hours rule is checked as typed, with the server's own sentence.
          const err = (field: string) =>
            (field === 'laborHours' ? hoursError(l) : undefined) ?? errors[`${i}.${field}`];
          const p = pricedDraft(l);
          const described = (field: string) =>
            err(field) ? { 'aria-invalid': true, 'aria-describedby': `${id}-${field}-error` } : {};
          return (
            <li key={l.key} className="rounded-md border border-border p-3">
              <fieldset>
                <legend className="mb-2 flex w-full items-center justify-between gap-2 text-sm font-semibold">
                  <span>Line {i + 1}</span>
                  <span className="tabular-nums" aria-label={`Line ${i + 1} total`}>
                    {formatCurrency((p.laborCents + p.partsCents) / 100)}
                  </span>
                </legend>
                <div className="grid gap-2 sm:grid-cols-[13rem_1fr]">
                  <div>
                    <Label htmlFor={`${id}-category`}>Category</Label>
                    <NativeSelect
                      id={`${id}-category`}
                      options={LINE_CATEGORY_OPTIONS}
                      value={l.category}
                      onChange={(e) => set(i, { category: e.target.value as LineCategory })}
                    />
                  </div>
                  <div>
                    <Label htmlFor={`${id}-description`}>Description</Label>
                    <Input
                      id={`${id}-description`}
                      value={l.description}
                      maxLength={BID_LINES.text.description}
                      onChange={(e) => set(i, { description: e.target.value })}
                      {...described('description')}
                    />
                    {err('description') && (
                      <p id={`${id}-description-error`} className="mt-1 text-sm text-destructive">
                        {err('description')}
                      </p>
                    )}
                  </div>
                </div>
                {choices && (
                  <div className="mt-2">
                    <Label htmlFor={`${id}-answers`}>Answers</Label>
                    <NativeSelect
                      id={`${id}-answers`}
                      options={answers}
                      value={answerOf(l, choices)}
                      onChange={(e) => set(i, { answers: e.target.value as LineAnswer })}
                      {...described('squawkId')}
                    />
                    {(err('dueItemId') ?? err('squawkId')) && (
                      <p id={`${id}-squawkId-error`} className="mt-1 text-sm text-destructive">
                        {err('dueItemId') ?? err('squawkId')}
                      </p>
                    )}
                  </div>
                )}
                <div className="mt-2 grid grid-cols-3 gap-2">
                  {(
                    [
                      ['laborHours', 'Hours (steps of 0.1)', '0.1'],
                      ['laborRate', 'Rate ($/h)', '0.01'],
                      ['partsCost', 'Parts ($)', '0.01'],
                    ] as const
                  ).map(([field, label, step]) => (
                    <div key={field}>
                      <Label htmlFor={`${id}-${field}`}>{label}</Label>
                      <Input
                        id={`${id}-${field}`}
                        type="number"
                        inputMode="decimal"
                        min={0}
                        step={step}
                        value={l[field]}
                        onChange={(e) => set(i, { [field]: e.target.value })}
                        {...described(field)}
                      />
                      {err(field) && (
                        <p id={`${id}-${field}-error`} className="mt-1 text-sm text-destructive">
                          {err(field)}
                        </p>
                      )}
                    </div>
                  ))}
                </div>
                <div className="mt-2 flex flex-wrap justify-end gap-1">
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    onClick={() => onChange(move(lines, i, -1))}
                    disabled={i === 0}
                    aria-label={`Move line ${i + 1} up`}
                  >
                    <ArrowUp className="h-4 w-4" aria-hidden="true" />
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    onClick={() => onChange(move(lines, i, 1))}
                    disabled={i === lines.length - 1}
                    aria-label={`Move line ${i + 1} down`}
                  >
                    <ArrowDown className="h-4 w-4" aria-hidden="true" />
                  </Button>
                  {templateOwner && (
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      onClick={() => saveTemplate(l)}
                      disabled={!l.description.trim()}
                      aria-label={`Save line ${i + 1} as a template`}
                    >
                      <BookmarkPlus className="h-4 w-4" aria-hidden="true" />
                    </Button>
                  )}
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    className="text-destructive"
                    onClick={() => {
                      onChange(lines.filter((_, j) => j !== i));
                      setAnnounce(`Line ${i + 1} removed`);
                    }}
                    disabled={lines.length === 1}
                    aria-label={`Remove line ${i + 1}`}
                  >
                    <Trash2 className="h-4 w-4" aria-hidden="true" />
                  </Button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      {errors[''] && (
        <p className="text-sm text-destructive" role="alert">
          {errors['']}
        </p>
      )}
      <div className="flex flex-wrap items-end gap-2">
        <Button type="button" variant="outline" onClick={() => add()} disabled={lines.length >= BID_LINES.maxLines}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          Add line
        </Button>
        {templates.length > 0 && (
          <div>
            <Label htmlFor={`${prefix}-template`} className="sr-only">
              Add a line from a template
            </Label>
            <select
              id={`${prefix}-template`}
              className="h-10 rounded-md border border-input bg-background px-3 text-base"
              value=""
              onChange={(e) => {
                const t = templates[Number(e.target.value)];
                if (t)
                  add({
                    category: t.category,
                    description: t.description,
                    laborHours: t.laborHours,
                    laborRate: t.laborRate,
                    partsCost: t.partsCost,
                  });
              }}
            >
              <option value="" disabled>
                Add from template…
              </option>
              {templates.map((t, i) => (
                <option key={t.description} value={i}>
                  {t.description}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      <table className="w-full text-sm" aria-label="Running totals by category">
        <thead className="sr-only">
          <tr>
            <th scope="col">Category</th>
            <th scope="col">Hours</th>
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {usedCategories(lines).map((c) => (
            <tr key={c} className="border-b border-border/60">
              <th scope="row" className="py-1 text-left font-normal text-muted-foreground">
                {labelOf(LINE_CATEGORY_OPTIONS, c)}
              </th>
              <td className="py-1 text-right tabular-nums">{byCategory[c].hours} h</td>
              <td className="py-1 text-right tabular-nums">{formatCurrency(byCategory[c].totalCost)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="pt-2 text-left">
              Total (labor {formatCurrency(totals.laborCost)} + parts {formatCurrency(totals.partsCost)})
            </th>
            <td className="pt-2 text-right tabular-nums">{totals.hours} h</td>
            <td className="pt-2 text-right text-lg font-bold tabular-nums">{formatCurrency(totals.totalCost)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** `lines.N.field` errors of an API answer, keyed `N.field` ('' for the list itself). */
export function lineErrorsOf(errors: Array<{ path: string; message: string }> | undefined): LineErrors {
  const out: LineErrors = {};
  for (const e of errors ?? []) {
    if (e.path === 'lines') out[''] ??= e.message;
    else if (e.path.startsWith('lines.')) out[e.path.slice('lines.'.length)] ??= e.message;
  }
  return out;
}
