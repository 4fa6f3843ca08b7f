import { RefreshCw } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { MARKETING_LIMITS, stateName, type LeadAnalytics } from '../../contract/marketing.ts';
import { titleCase } from '../../lib/format.ts';
import { BarChart } from './BarChart.tsx';

/** Analytics (docs/product.md §2): totals, the last 30 days, searches, average score, by type and top states. */
export function AnalyticsTab({ analytics, onRefresh }: { analytics: LeadAnalytics; onRefresh: () => void }) {
  const figures = [
    { label: 'Total Leads', value: analytics.total_leads.toLocaleString('en-US') },
    {
      label: `Recent Leads (${MARKETING_LIMITS.analyticsWindowDays} days)`,
      value: analytics.recent_leads.toLocaleString('en-US'),
    },
    {
      label: 'Total Searches',
      value: analytics.total_searches.toLocaleString('en-US'),
      // Sample answers count as searches; said so, as they saved nothing.
      note: analytics.sample_searches
        ? `${analytics.sample_searches.toLocaleString('en-US')} with sample leads (test mode or no Apollo key)`
        : undefined,
    },
    { label: 'Average Lead Score', value: analytics.average_lead_score.toFixed(1) },
  ];
  return (
    <div className="space-y-4">
      <div className="flex justify-end">
        <Button variant="outline" size="sm" onClick={onRefresh}>
          <RefreshCw className="h-4 w-4" aria-hidden="true" />
          Refresh
        </Button>
      </div>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {figures.map((f) => (
          <Card key={f.label}>
            <CardContent className="pt-5 sm:pt-6">
              <dt className="text-sm text-muted-foreground">{f.label}</dt>
              <dd className="mt-1 text-2xl font-bold tabular-nums">{f.value}</dd>
              {'note' in f && f.note && <dd className="mt-1 text-xs text-muted-foreground">{f.note}</dd>}
            </CardContent>
          </Card>
        ))}
      </dl>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardContent className="pt-5 sm:pt-6">
            <BarChart
              title="Leads by Type"
              rows={analytics.leads_by_type.map((b) => ({ label: titleCase(b._id), value: b.count }))}
              empty="No leads yet."
            />
          </CardContent>
        </Card>
        <Card>
          <CardContent className="pt-5 sm:pt-6">
            <BarChart
              title="Top States"
              rows={analytics.leads_by_state.map((b) => ({ label: stateName(b._id), value: b.count }))}
              empty="No lead has a known state yet."
            />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
