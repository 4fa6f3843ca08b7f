import { useCallback, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Loading } from '../../components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import type { LeadAnalytics, MarketingLead, SuggestedKeywords, UsState } from '../../contract/marketing.ts';
import { LoadError } from '../admin/LoadError.tsx';
import { AnalyticsTab } from './AnalyticsTab.tsx';
import { CampaignsTab } from './CampaignsTab.tsx';
import { LeadSearchTab } from './LeadSearchTab.tsx';
import { ManageLeadsTab } from './ManageLeadsTab.tsx';
import { marketingApi } from './marketing-api.ts';

interface Initial {
  keywords: SuggestedKeywords;
  states: UsState[];
  leads: MarketingLead[];
  analytics: LeadAnalytics;
}

/** The Marketing tab (spec section 2): Lead Search, Manage Leads, Campaigns, Analytics. */
export default function MarketingPanel() {
  const [data, setData] = useState<Initial | 'loading' | 'error'>('loading');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [tab, setTab] = useState('search');

  const load = useCallback(async () => {
    setData('loading');
    try {
      const [keywords, states, leads, analytics] = await Promise.all([
        marketingApi.keywords(),
        marketingApi.states(),
        marketingApi.leads(),
        marketingApi.analytics(),
      ]);
      setData({ keywords, states, leads, analytics });
    } catch {
      toast.error('Failed to load initial data');
      setData('error');
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  /** After a search that saved leads or after tagging: the list and the figures change. */
  const refresh = useCallback(async () => {
    try {
      const [leads, analytics] = await Promise.all([marketingApi.leads(), marketingApi.analytics()]);
      setData((d) => (typeof d === 'object' ? { ...d, leads, analytics } : d));
      setSelected((s) => new Set([...s].filter((id) => leads.some((l) => l.id === id))));
    } catch {
      toast.error('Failed to refresh leads');
    }
  }, []);

  if (data === 'loading') return <Loading label="Loading marketing data..." />;
  if (data === 'error') return <LoadError message="Failed to load initial data" onRetry={() => void load()} />;
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
        <LeadSearchTab keywords={data.keywords} states={data.states} onSearched={(saved) => saved && void refresh()} />
      </TabsContent>
      <TabsContent value="leads">
        <ManageLeadsTab
          leads={data.leads}
          selected={selected}
          onSelectedChange={setSelected}
          onTagged={() => void refresh()}
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
