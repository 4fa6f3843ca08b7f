import { ROUTES } from '../../contract/routes/admin.ts';
import { LogOut, Settings } from 'lucide-react';
import { Suspense, useEffect, useRef } from 'react';
import { useSection } from '../../lib/history-entries.ts';
import { CONSOLE_INNER_PARAMS } from '../../contract/console-address.ts';
import { aogWaiting, ConsoleAttention, reportsWaiting, TabCount, useAttention } from '../admin/ConsoleAttention.tsx';
import { ConsoleFigures } from '../admin/ConsoleFigures.tsx';
import { preloadable } from '../../lib/preloadable.ts';
import { preloadWhenIdle } from '../../lib/when-idle.ts';
import { Button } from '../../components/ui/button.tsx';
import { ErrorBoundary } from '../../components/ui/error-boundary.tsx';
import { Loading } from '../../components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { ROLE_LABELS } from '../../contract/roles.ts';
import { ChangePasswordButton } from '../auth/ChangePasswordDialog.tsx';
import type { SessionUser } from '../../lib/session.ts';
import LeadsTab from '../admin/LeadsTab.tsx';
import QuotesTab from '../admin/QuotesTab.tsx';
import { StatCards } from '../admin/StatCards.tsx';
import { useAdminData } from '../admin/use-admin-data.ts';
import { InboxStatCards } from '../inbox/InboxStatCards.tsx';
import { $inboxPreset } from '../inbox/inbox-store.ts';

// The panels other features own are their own chunks, fetched when the console is idle after its
// first screen (preloadWhenIdle below): a tab opened for the first time then waits only on its data,
// and renders without a Suspense pause (preloadable), instead of its code, then its data.
const MarketingPanel = preloadable(() => import('../marketing/MarketingPanel.tsx'));
const BlogAdminPanel = preloadable(() => import('../blog/BlogAdminPanel.tsx'));
const CustomersPanel = preloadable(() => import('../admin/CustomersPanel.tsx'));
const MechanicsPanel = preloadable(() => import('../admin/MechanicsPanel.tsx'));
const SystemConfig = preloadable(() => import('../admin/SystemConfig.tsx'));
const OutboxPanel = preloadable(() => import('../messaging/OutboxPanel.tsx'));
const InboxPanel = preloadable(() => import('../inbox/InboxPanel.tsx'));
// The Inbox is the console's home, on the first screen: fetched with this module, so that it renders
// without a Suspense pause (React holds a fallback 300 ms even after the chunk has arrived).
void InboxPanel.preload().catch(() => undefined); // retried by the lazy render if it failed
const ReportedConversationsPanel = preloadable(() => import('../conversations/ReportedConversationsPanel.tsx'));
const AdminPaymentsPanel = preloadable(() => import('../payments/AdminPaymentsPanel.tsx'));
const AdminAogPanel = preloadable(() => import('../aog/AdminAogPanel.tsx'));

/** The open tab scrolled into the phone's one-row tab list (nearest: a wide screen does not move). */
const keepInView = (el: HTMLButtonElement | null) => el?.scrollIntoView({ block: 'nearest', inline: 'nearest' });

const PANELS = [
  MarketingPanel,
  BlogAdminPanel,
  CustomersPanel,
  MechanicsPanel,
  SystemConfig,
  OutboxPanel,
  InboxPanel,
  ReportedConversationsPanel,
  AdminPaymentsPanel,
  AdminAogPanel,
];

export interface AdminDashboardProps {
  user: SessionUser;
  onLogout: () => void;
  /** A call answered 401/403: the session no longer grants admin rights. */
  onAuthLost: (status: 401 | 403) => void;
}

const TABS = [
  // The console's home: every quote request and lead worked to an outcome, urgent ones first
  // (docs/decisions/0210-business-inbox.md, 0420-one-status-the-inbox.md).
  { value: 'inbox', label: 'Inbox' },
  { value: 'quotes', label: 'Quote Requests' },
  { value: 'leads', label: 'Leads' },
  { value: 'marketing', label: 'Marketing' },
  { value: 'blog', label: 'Blog Posts' },
  { value: 'customers', label: 'Customers' },
  // Vetting: new mechanics wait for approval here (docs/decisions/0093).
  { value: 'mechanics', label: 'Mechanics' },
  // Beyond the spec's five tabs: emails and SMS the product sent or is waiting to send.
  { value: 'outbox', label: 'Outbox' },
  // Conversations a party reported (docs/decisions/0220-conversations.md).
  { value: 'reported', label: 'Reported Messages' },
  // Payments through Stripe Connect: states, refunds, disputes (docs/decisions/0230).
  { value: 'payments', label: 'Payments' },
  // Aircraft on ground waiting for a mechanic, with their age; phone dispatch (docs/decisions/0250).
  { value: 'aog', label: 'AOG' },
] as const;
type Tab = (typeof TABS)[number]['value'];
/** A tab, or System Config: the console's section, kept in the address (`?section=`). */
type Section = Tab | 'config';
const SECTIONS: readonly Section[] = [...TABS.map((t) => t.value), 'config'];

/** The admin console's shell (docs/product.md §2 "Admin dashboard"). */
export function AdminDashboard({ user, onLogout, onAuthLost }: AdminDashboardProps) {
  // Each tab and System Config is an address (docs/decisions/0421-console-addresses.md): a reload
  // keeps it, Back returns to the previous one; what a section opens inside it is dropped on leaving.
  const [section, choose] = useSection<Section>(SECTIONS, TABS[0].value, { drops: CONSOLE_INNER_PARAMS });
  const view = section === 'config' ? 'config' : 'dashboard';
  const lastTab = useRef<Tab>(TABS[0].value);
  if (section !== 'config') lastTab.current = section;
  const tab = lastTab.current;
  useEffect(() => preloadWhenIdle(PANELS), []);
  const stats = useAdminData(ROUTES.adminDashboard, undefined, onAuthLost, 'Failed to load dashboard statistics');
  const attention = useAttention();
  // A tab's count keeps its name its label (found by name, read first) and is read as its description.
  const counts: Partial<Record<Tab, { count: number; says: string }>> = {
    aog: { count: attention.aogOpen, says: aogWaiting(attention.aogOpen) },
    reported: { count: attention.reportsOpen, says: reportsWaiting(attention.reportsOpen) },
  };

  return (
    <div className="min-h-screen bg-muted">
      <header className="border-b border-border bg-background">
        {/* Phone: title and Logout, then the name and System Config; wider: one row. */}
        <div className="container-page flex flex-wrap items-center gap-3 py-4">
          <h1 className="text-lg font-bold sm:text-xl">Admin Dashboard</h1>
          <div className="order-last flex w-full items-center justify-between gap-3 sm:order-none sm:ml-auto sm:w-auto sm:gap-4">
            <div className="leading-tight sm:order-last sm:text-right">
              <p className="font-semibold">
                {user.firstName} {user.lastName}
              </p>
              <p className="text-xs text-muted-foreground">{ROLE_LABELS.admin}</p>
            </div>
            <Button
              variant={view === 'config' ? 'secondary' : 'outline'}
              size="sm"
              onClick={() => choose('config')}
              aria-pressed={view === 'config'}
            >
              <Settings className="h-4 w-4" aria-hidden="true" />
              System Config
            </Button>
          </div>
          <ChangePasswordButton onSignedOutEverywhere={onLogout} />
          <Button variant="ghost" size="sm" className="ml-auto sm:ml-0" onClick={onLogout}>
            <LogOut className="h-4 w-4" aria-hidden="true" />
            Logout
          </Button>
        </div>
      </header>

      <main id="main" className="container-page space-y-6 py-6 sm:py-8">
        {view === 'config' ? (
          <ErrorBoundary what="the system configuration">
            <Suspense fallback={<Loading />}>
              <SystemConfig
                onBack={() => {
                  choose(lastTab.current);
                  stats.reload();
                }}
              />
            </Suspense>
          </ErrorBoundary>
        ) : (
          <>
            <ConsoleAttention onOpen={choose} />
            <ConsoleFigures
              stats={stats}
              onOpenOverdue={() => {
                $inboxPreset.set('overdue');
                choose('inbox');
              }}
            >
              <StatCards state={stats.state} onRetry={stats.reload} />
              <InboxStatCards onOpen={() => choose('inbox')} />
            </ConsoleFigures>
            <Tabs value={tab} onValueChange={(v) => choose(v as Tab)}>
              {/* Phone: one row that scrolls sideways, the open tab kept in view; wider: wraps. */}
              <TabsList aria-label="Admin sections" className="flex-nowrap overflow-x-auto sm:flex-wrap">
                {TABS.map((t) => {
                  const count = counts[t.value]?.count ?? 0;
                  return (
                    <TabsTrigger
                      key={t.value}
                      value={t.value}
                      ref={t.value === tab ? keepInView : undefined}
                      aria-describedby={count > 0 ? `tab-count-${t.value}` : undefined}
                    >
                      {t.label}
                      <TabCount count={count} />
                    </TabsTrigger>
                  );
                })}
              </TabsList>
              <div hidden>
                {Object.entries(counts).map(([value, c]) => (
                  <span key={value} id={`tab-count-${value}`}>
                    {c.says}
                  </span>
                ))}
              </div>
              {/* Keyed by tab: a panel that failed to load does not take the other tabs down with it. */}
              <ErrorBoundary key={tab} what="this section">
                <Suspense fallback={<Loading />}>
                  <TabsContent value="quotes">
                    <QuotesTab onAuthLost={onAuthLost} />
                  </TabsContent>
                  <TabsContent value="leads">
                    <LeadsTab onAuthLost={onAuthLost} />
                  </TabsContent>
                  <TabsContent value="marketing">
                    <MarketingPanel />
                  </TabsContent>
                  <TabsContent value="blog">
                    <BlogAdminPanel />
                  </TabsContent>
                  <TabsContent value="customers">
                    <CustomersPanel />
                  </TabsContent>
                  <TabsContent value="mechanics">
                    <MechanicsPanel />
                  </TabsContent>
                  <TabsContent value="outbox">
                    <OutboxPanel />
                  </TabsContent>
                  <TabsContent value="inbox">
                    <InboxPanel />
                  </TabsContent>
                  <TabsContent value="reported">
                    <ReportedConversationsPanel />
                  </TabsContent>
                  <TabsContent value="payments">
                    <AdminPaymentsPanel />
                  </TabsContent>
                  <TabsContent value="aog">
                    <AdminAogPanel />
                  </TabsContent>
                </Suspense>
              </ErrorBoundary>
            </Tabs>
          </>
        )}
      </main>
    </div>
  );
}

export default AdminDashboard;
