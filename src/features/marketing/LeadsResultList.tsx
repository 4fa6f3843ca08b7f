import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import type { LeadSearchResponse } from '../../contract/marketing.ts';
import { titleCase } from '../../lib/format.ts';
import { LeadScore } from './LeadScore.tsx';

/** What the last search returned; sample leads (test mode, no key) are marked and were not saved. */
export function LeadsResultList({ result }: { result: LeadSearchResponse }) {
  const samples = result.leads.some((l) => l.status === 'sample');
  return (
    <Card>
      <CardHeader>
        <CardTitle>Search Results ({result.leads.length})</CardTitle>
        <CardDescription>{result.message}</CardDescription>
      </CardHeader>
      <CardContent>
        {result.leads.length === 0 ? (
          <p className="text-sm text-muted-foreground">No people matched. Try broader keywords or more states.</p>
        ) : (
          <ul
            className="divide-y divide-border rounded-md border border-border"
            aria-label={samples ? 'Sample leads (not saved)' : 'Leads found'}
          >
            {result.leads.map((l) => (
              <li
                key={l.id}
                className="flex flex-wrap items-center justify-between gap-2 p-3"
                data-testid="search-result"
              >
                <div className="min-w-0">
                  <p className="font-medium">
                    {l.fullName}
                    {l.status === 'sample' && (
                      <Badge tone="warning" className="ml-2">
                        Sample
                      </Badge>
                    )}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {[l.title, l.companyName].filter(Boolean).join(' at ')}
                    {l.state ? ` · ${[l.city, l.state].filter(Boolean).join(', ')}` : ''}
                  </p>
                </div>
                <div className="flex items-center gap-2">
                  <Badge tone="outline">{titleCase(l.leadType)}</Badge>
                  <LeadScore score={l.leadScore} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
