import { Plus, Search, X } from 'lucide-react';
import { useMemo, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Checkbox, Input, Label } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import {
  cleanKeywords,
  LEAD_ROLES,
  MARKETING_LIMITS,
  NO_KEYWORD_MESSAGE,
  parseQuantity,
  type LeadRole,
  type LeadSearchResponse,
  type SuggestedKeywords,
} from '../../contract/marketing.ts';
import { ROUTES } from '../../contract/routes/marketing.ts';
import type { UsState } from '../../contract/us-states.ts';
import { detailOf } from '../../lib/refusal.ts';
import { useWrite } from '../../lib/use-write.ts';
import { LeadsResultList } from './LeadsResultList.tsx';

/** Lead Search (docs/product.md §2 and §5): roles, suggested and custom keywords, states, maximum results, test mode. */
export function LeadSearchTab({
  keywords,
  states,
  onSearched,
}: {
  keywords: SuggestedKeywords;
  states: UsState[];
  onSearched: (saved: boolean) => void;
}) {
  const [roles, setRoles] = useState<LeadRole[]>([MARKETING_LIMITS.defaultRole]);
  const [chosen, setChosen] = useState<string[]>([]);
  const [custom, setCustom] = useState('');
  const [showAll, setShowAll] = useState(false);
  const [targetStates, setTargetStates] = useState<string[]>([]);
  const [quantity, setQuantity] = useState(String(MARKETING_LIMITS.defaultQuantity));
  const [testMode, setTestMode] = useState(false);
  const [result, setResult] = useState<LeadSearchResponse | null>(null);
  const search = useWrite(ROUTES.marketingSearch, {
    fallback: 'Search failed',
    onSuccess: (res) => {
      setResult(res);
      toast.success('Search Complete!', { description: res.message });
      onSearched(res.leads.some((l) => l.status !== 'sample'));
    },
    onError: (_message, error) => toast.error('Search Failed', { description: detailOf(error) || 'Search failed' }),
  });
  const searching = search.pending;

  const suggestions = useMemo(() => cleanKeywords(roles.flatMap((r) => keywords[r] ?? [])), [roles, keywords]);
  const shown = showAll ? suggestions : suggestions.slice(0, MARKETING_LIMITS.keywordPreview);
  const isChosen = (k: string) => chosen.some((c) => c.toLowerCase() === k.toLowerCase());

  const toggleRole = (role: LeadRole) =>
    setRoles((rs) => (rs.includes(role) ? rs.filter((r) => r !== role) : [...rs, role]));
  const toggleKeyword = (k: string) =>
    setChosen((cs) => (isChosen(k) ? cs.filter((c) => c.toLowerCase() !== k.toLowerCase()) : [...cs, k]));
  const toggleState = (code: string) =>
    setTargetStates((ss) => (ss.includes(code) ? ss.filter((s) => s !== code) : [...ss, code]));

  /** Empty and duplicate custom keywords are ignored (docs/product.md §5). */
  const addCustom = () => {
    setChosen((cs) => cleanKeywords([...cs, custom]));
    setCustom('');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0) {
      toast.error(NO_KEYWORD_MESSAGE);
      return;
    }
    const max = Math.min(MARKETING_LIMITS.maxQuantity, Math.max(MARKETING_LIMITS.minQuantity, parseQuantity(quantity)));
    setQuantity(String(max));
    await search.run({
      body: {
        keywords: chosen,
        states: targetStates,
        roles: roles.length ? roles : [MARKETING_LIMITS.defaultRole],
        quantity: max,
        test_mode: testMode,
      },
    });
  };

  return (
    <div className="space-y-4">
      <Card>
        <CardHeader>
          <CardTitle>Find New Leads</CardTitle>
          <CardDescription>
            Search Apollo for pilots, aircraft owners and mechanics; new people are saved to your leads.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} className="space-y-6" aria-busy={searching}>
            <fieldset>
              <legend className="mb-2 text-sm font-medium">Target Roles</legend>
              <div className="flex flex-wrap gap-4">
                {LEAD_ROLES.map((r) => (
                  <Checkbox
                    key={r.value}
                    id={`role-${r.value}`}
                    label={r.label}
                    checked={roles.includes(r.value)}
                    onChange={() => toggleRole(r.value)}
                  />
                ))}
              </div>
            </fieldset>

            <fieldset>
              <legend className="mb-2 text-sm font-medium">Suggested Keywords</legend>
              {suggestions.length === 0 ? (
                <p className="text-sm text-muted-foreground">Choose a role to see suggestions.</p>
              ) : (
                <div className="flex flex-wrap items-center gap-2">
                  {shown.map((k) => (
                    <button
                      key={k}
                      type="button"
                      aria-pressed={isChosen(k)}
                      onClick={() => toggleKeyword(k)}
                      className="rounded-full border border-border px-3 py-1 text-sm hover:bg-muted aria-pressed:border-accent aria-pressed:bg-info-muted aria-pressed:text-accent"
                    >
                      {k}
                    </button>
                  ))}
                  {suggestions.length > MARKETING_LIMITS.keywordPreview && (
                    <Button variant="link" size="sm" onClick={() => setShowAll((s) => !s)} aria-expanded={showAll}>
                      {showAll ? 'Show fewer' : `+${suggestions.length - MARKETING_LIMITS.keywordPreview} more`}
                    </Button>
                  )}
                </div>
              )}
            </fieldset>

            <div>
              <Label htmlFor="custom-keyword">Custom Keyword</Label>
              <div className="flex gap-2">
                <Input
                  id="custom-keyword"
                  value={custom}
                  maxLength={MARKETING_LIMITS.keywordLength}
                  placeholder="e.g. aerial survey pilot"
                  onChange={(e) => setCustom(e.target.value)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') {
                      e.preventDefault();
                      addCustom();
                    }
                  }}
                />
                <Button variant="outline" onClick={addCustom} aria-label="Add keyword">
                  <Plus className="h-4 w-4" aria-hidden="true" />
                  Add
                </Button>
              </div>
            </div>

            <div aria-live="polite">
              <p className="mb-2 text-sm font-medium">Selected Keywords ({chosen.length})</p>
              {chosen.length === 0 ? (
                <p className="text-sm text-muted-foreground">
                  {NO_KEYWORD_MESSAGE}: pick a suggestion or type your own.
                </p>
              ) : (
                <ul className="flex flex-wrap gap-2">
                  {chosen.map((k) => (
                    <li key={k}>
                      <Badge tone="info" className="gap-1 py-1 pr-1">
                        {k}
                        <button
                          type="button"
                          onClick={() => toggleKeyword(k)}
                          className="rounded-full p-0.5 hover:bg-accent/20"
                          aria-label={`Remove ${k}`}
                        >
                          <X className="h-3 w-3" aria-hidden="true" />
                        </button>
                      </Badge>
                    </li>
                  ))}
                </ul>
              )}
            </div>

            <fieldset>
              <legend className="mb-2 flex w-full flex-wrap items-center justify-between gap-2 text-sm font-medium">
                <span>Target States ({targetStates.length === 0 ? 'all' : targetStates.length})</span>
              </legend>
              <div className="mb-2 flex gap-2">
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => setTargetStates([])}
                  disabled={targetStates.length === 0}
                >
                  Clear states
                </Button>
              </div>
              <div className="grid max-h-48 grid-cols-2 gap-x-4 gap-y-1.5 overflow-y-auto rounded-md border border-border p-3 sm:grid-cols-3 lg:grid-cols-5">
                {states.map((s) => (
                  <Checkbox
                    key={s.code}
                    id={`state-${s.code}`}
                    label={s.name}
                    checked={targetStates.includes(s.code)}
                    onChange={() => toggleState(s.code)}
                  />
                ))}
              </div>
            </fieldset>

            <div className="grid gap-4 sm:grid-cols-2 sm:items-end">
              <div>
                <Label htmlFor="max-results">Maximum Results</Label>
                <Input
                  id="max-results"
                  type="number"
                  min={MARKETING_LIMITS.minQuantity}
                  max={MARKETING_LIMITS.maxQuantity}
                  inputMode="numeric"
                  value={quantity}
                  onChange={(e) => setQuantity(e.target.value)}
                  aria-describedby="max-results-hint"
                />
                <p id="max-results-hint" className="mt-1 text-xs text-muted-foreground">
                  {MARKETING_LIMITS.minQuantity}-{MARKETING_LIMITS.maxQuantity}, {MARKETING_LIMITS.defaultQuantity} if
                  left blank
                </p>
              </div>
              <Checkbox
                id="test-mode"
                label={`Test mode (returns ${MARKETING_LIMITS.sampleLeads} mock leads, nothing saved)`}
                checked={testMode}
                onChange={(e) => setTestMode(e.target.checked)}
              />
            </div>

            <Button type="submit" disabled={chosen.length === 0 || searching}>
              {searching ? <Spinner /> : <Search className="h-4 w-4" aria-hidden="true" />}
              {searching ? 'Searching...' : 'Search Leads'}
            </Button>
          </form>
        </CardContent>
      </Card>
      {result && <LeadsResultList result={result} />}
    </div>
  );
}
