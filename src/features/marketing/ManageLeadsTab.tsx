import { Download, Search, Tags } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/field.tsx';
import type { MarketingLead } from '../../contract/marketing.ts';
import { titleCase } from '../../lib/format.ts';
import { AddTagsDialog } from './AddTagsDialog.tsx';
import { leadsCsvFilename, leadsToCsv } from './csv.ts';
import { downloadText } from './download.ts';
import { LeadScore } from './LeadScore.tsx';

interface Props {
  leads: MarketingLead[];
  selected: Set<string>;
  onSelectedChange: (ids: Set<string>) => void;
  onTagged: (leadIds: string[], tags: string[]) => void;
}

const matches = (l: MarketingLead, q: string) =>
  [l.fullName, l.title, l.companyName, l.email, l.city, l.state, ...l.tags].some((v) => v?.toLowerCase().includes(q));

/** Manage Leads (docs/product.md §2): the saved leads with checkboxes and the bulk actions Export CSV and Add Tags. */
export function ManageLeadsTab({ leads, selected, onSelectedChange, onTagged }: Props) {
  const [filter, setFilter] = useState('');
  const [tagging, setTagging] = useState(false);
  const q = filter.trim().toLowerCase();
  const visible = useMemo(() => (q ? leads.filter((l) => matches(l, q)) : leads), [leads, q]);
  const chosen = leads.filter((l) => selected.has(l.id));
  const allVisibleSelected = visible.length > 0 && visible.every((l) => selected.has(l.id));
  const someVisibleSelected = visible.some((l) => selected.has(l.id));

  const selectAll = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = someVisibleSelected && !allVisibleSelected;
  }, [someVisibleSelected, allVisibleSelected]);

  /**
   * A filter that hides selected leads also unselects them: Export CSV and Add Tags act only on
   * what the admin can see (hidden rows stayed selected for export and tagging).
   */
  const changeFilter = (value: string) => {
    setFilter(value);
    const nq = value.trim().toLowerCase();
    const kept = [...selected].filter((id) => {
      const lead = leads.find((l) => l.id === id);
      return lead !== undefined && (!nq || matches(lead, nq));
    });
    if (kept.length !== selected.size) {
      const dropped = selected.size - kept.length;
      onSelectedChange(new Set(kept));
      toast.info(`${dropped} hidden lead${dropped === 1 ? '' : 's'} unselected`, {
        description: 'Export and tagging act on the leads you can see.',
      });
    }
  };

  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelectedChange(next);
  };
  const toggleAll = () => {
    const next = new Set(selected);
    for (const l of visible) {
      if (allVisibleSelected) next.delete(l.id);
      else next.add(l.id);
    }
    onSelectedChange(next);
  };

  const exportCsv = () => {
    downloadText(leadsCsvFilename(), leadsToCsv(chosen));
    toast.success(`Exported ${chosen.length} lead${chosen.length === 1 ? '' : 's'}`);
  };

  if (leads.length === 0) {
    return (
      <Card>
        <CardContent className="py-10 text-center text-sm text-muted-foreground">
          No leads yet. Run a search in the Lead Search tab; new people are saved here.
        </CardContent>
      </Card>
    );
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="relative sm:w-72">
          <Search
            className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            value={filter}
            onChange={(e) => changeFilter(e.target.value)}
            placeholder="Filter leads"
            aria-label="Filter leads"
            className="pl-9"
            type="search"
          />
        </div>
        <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Bulk actions">
          <span className="text-sm text-muted-foreground" aria-live="polite">
            {chosen.length} selected
          </span>
          <Button variant="outline" size="sm" onClick={exportCsv} disabled={chosen.length === 0}>
            <Download className="h-4 w-4" aria-hidden="true" />
            Export CSV
          </Button>
          <Button variant="outline" size="sm" onClick={() => setTagging(true)} disabled={chosen.length === 0}>
            <Tags className="h-4 w-4" aria-hidden="true" />
            Add Tags
          </Button>
        </div>
      </div>

      <div className="overflow-x-auto rounded-lg border border-border bg-background">
        <table className="w-full min-w-[52rem] text-left text-sm">
          <caption className="sr-only">Marketing leads, {leads.length} shown</caption>
          <thead className="border-b border-border bg-muted text-xs uppercase tracking-wide text-muted-foreground">
            <tr>
              <th scope="col" className="w-10 p-3">
                <input
                  ref={selectAll}
                  type="checkbox"
                  className="h-4 w-4 accent-accent"
                  checked={allVisibleSelected}
                  onChange={toggleAll}
                  aria-label="Select all leads"
                />
              </th>
              <th scope="col" className="p-3">
                Name
              </th>
              <th scope="col" className="p-3">
                Company
              </th>
              <th scope="col" className="p-3">
                Contact
              </th>
              <th scope="col" className="p-3">
                Location
              </th>
              <th scope="col" className="p-3">
                Type
              </th>
              <th scope="col" className="p-3">
                Score
              </th>
              <th scope="col" className="p-3">
                Status
              </th>
              <th scope="col" className="p-3">
                Tags
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {visible.map((l) => (
              <tr key={l.id} className={selected.has(l.id) ? 'bg-info-muted/50' : undefined} data-testid="lead-row">
                <td className="p-3">
                  <input
                    type="checkbox"
                    className="h-4 w-4 accent-accent"
                    checked={selected.has(l.id)}
                    onChange={() => toggle(l.id)}
                    aria-label={`Select ${l.fullName}`}
                  />
                </td>
                <td className="p-3">
                  <p className="font-medium">{l.fullName}</p>
                  {l.title && <p className="text-xs text-muted-foreground">{l.title}</p>}
                </td>
                <td className="p-3">{l.companyName ?? '—'}</td>
                <td className="p-3">
                  {l.email ? (
                    <a href={`mailto:${l.email}`} className="text-accent hover:underline">
                      {l.email}
                    </a>
                  ) : (
                    <span className="text-muted-foreground">No email</span>
                  )}
                  {l.phone && <p className="text-xs text-muted-foreground">{l.phone}</p>}
                </td>
                <td className="p-3">{[l.city, l.state].filter(Boolean).join(', ') || '—'}</td>
                <td className="p-3">{titleCase(l.leadType)}</td>
                <td className="p-3">
                  <LeadScore score={l.leadScore} />
                </td>
                <td className="p-3">{titleCase(l.status)}</td>
                <td className="p-3">
                  <div className="flex flex-wrap gap-1">
                    {l.tags.length === 0 ? (
                      <span className="text-muted-foreground">—</span>
                    ) : (
                      l.tags.map((t) => (
                        <Badge key={t} tone="secondary">
                          {t}
                        </Badge>
                      ))
                    )}
                  </div>
                </td>
              </tr>
            ))}
            {visible.length === 0 && (
              <tr>
                <td colSpan={9} className="p-6 text-center text-muted-foreground">
                  No lead matches “{filter}”.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <AddTagsDialog open={tagging} onOpenChange={setTagging} leadIds={chosen.map((l) => l.id)} onTagged={onTagged} />
    </div>
  );
}
