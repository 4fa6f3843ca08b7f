import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { Loading } from '../../components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import type { LeadAnalytics, MarketingLead, SuggestedKeywords } from '../../contract/marketing.ts';
import type { UsState } from '../../contract/us-states.ts';
import { LoadError } from '../../components/ui/load-error.tsx';
import { AnalyticsTab } from './AnalyticsTab.tsx';
import { CampaignsTab } from './CampaignsTab.tsx';
import { LeadSearchTab } from './LeadSearchTab.tsx';
import { ManageLeadsTab } from './ManageLeadsTab.tsx';
import { LeadKindsNote } from './LeadKindsNote.tsx';
import { useQuery } from '../../lib/use-query.ts';
import { marketingApi } from './marketing-api.ts';

interface Initial {
  keywords: SuggestedKeywords;
  states: UsState[];
  leads: MarketingLead[];
  analytics: LeadAnalytics;
}

/** The Marketing tab (docs/product.md §2): Lead Search, Manage Leads, Campaigns, Analytics. */
export default function MarketingPanel() {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [tab, setTab] = useState('search');

  const initial = useQuery<Initial>(
    'marketing-panel',
    async () => {
      const [keywords, states, leads, analytics] = await Promise.all([
        marketingApi.keywords(),
        marketingApi.states(),
        marketingApi.leads(),
        marketingApi.analytics(),
      ]);
      return { keywords, states, leads, analytics };
    },
    { onError: () => toast.error('Failed to load initial data') },
  );
  const { setData } = initial;
  const data = initial.state.status === 'ready' ? initial.state.data : initial.state.status;

  /** After a search that saved leads or after tagging: the list and the figures change. */
  const refresh = useCallback(async () => {
    try {
      const [leads, analytics] = await Promise.all([marketingApi.leads(), marketingApi.analytics()]);
      setData((d) => d && { ...d, leads, analytics });
      setSelected((s) => new Set([...s].filter((id) => leads.some((l) => l.id === id))));
    } catch {
      toast.error('Failed to refresh leads');
    }
  }, [setData]);

  if (data === 'loading') return <Loading label="Loading marketing data..." />;
  if (data === 'error')
    return <LoadError message="Failed to load initial data" onRetry={() => void initial.reload()} />;
  const selectedLeads = data.leads.filter((l) => selected.has(l.id));
  return (
    <Tabs value={tab} onValueChange={setTab}>
      <TabsList aria-label="Marketing sections">
        <TabsTrigger value="search">Lead Search</TabsTrigger>
        <TabsTrigger value="leads">Manage Leads ({data.leads.length})</TabsTrigger>
        <TabsTrigger value="campaigns">Campaigns</TabsTrigger>
        <TabsTrigger value="analytics">Analytics</TabsTrigger>
      </TabsList>
      {/* Kept mounted so the search form and its results survive a visit to another tab. */}
      <TabsContent value="search" forceMount className="data-[state=inactive]:hidden">
        {/* Every search counts in Analytics, sample ones too: the figures are read again after each. */}
        <LeadSearchTab keywords={data.keywords} states={data.states} onSearched={() => void refresh()} />
      </TabsContent>
      <TabsContent value="leads">
        <LeadKindsNote found={data.leads.length} siteLeads={data.analytics.site_leads} />
        <ManageLeadsTab
          leads={data.leads}
          selected={selected}
          onSelectedChange={setSelected}
          onTagged={(ids, tags) => {
            // The tags show on their leads at once; the list and figures are read again behind.
            const tagged = new Set(ids);
            setData(
              (d) =>
                d && {
                  ...d,
                  leads: d.leads.map((l) =>
                    tagged.has(l.id) ? { ...l, tags: [...new Set([...l.tags, ...tags])] } : l,
                  ),
                },
            );
            void refresh();
          }}
        />
      </TabsContent>
      <TabsContent value="campaigns">
        <CampaignsTab selectedLeads={selectedLeads} />
      </TabsContent>
      <TabsContent value="analytics">
        <AnalyticsTab analytics={data.analytics} onRefresh={() => void refresh()} />
      </TabsContent>
    </Tabs>
  );
}
