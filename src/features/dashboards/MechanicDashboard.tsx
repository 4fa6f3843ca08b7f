import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useSection } from '../../lib/history-entries.ts';
import { toast } from 'sonner';
import { TabsContent } from '../../components/ui/tabs.tsx';
import { preloadable } from '../../lib/preloadable.ts';
import { preloadWhenIdle } from '../../lib/when-idle.ts';
import type { Appointment } from '../../contract/appointments.ts';
import type { Bid } from '../../contract/bids.ts';
import type { MechanicProfile } from '../../contract/mechanic-profiles.ts';
import type { Notification } from '../../contract/notifications.ts';
import type { ServiceRequest } from '../../contract/service-requests.ts';
import { ROLE_LABELS } from '../../contract/roles.ts';
import { ApiError } from '../../lib/api-client.ts';
import { ROUTES } from '../../contract/routes/marketplace.ts';
import { keyOf, useQuery } from '../../lib/use-query.ts';
import { follow, refresh, upsert, useList } from '../../lib/follow.ts';
import { DashboardFrame } from './DashboardFrame.tsx';
import { LoadMore, appendPage } from '../../components/ui/load-more.tsx';
import { getWithRetry } from '../../lib/fetch-retry.ts';
import { useSummary } from './use-summary.ts';
import type { DashboardProps } from '../../lib/session.ts';
import { DashboardHeader } from './DashboardHeader.tsx';
import { NotificationBell } from '../marketplace/ui/NotificationBell.tsx';
import { useNotifications } from '../marketplace/ui/use-notifications.ts';
import { useStore } from '@nanostores/react';
import { $unreadMessages, useShowMessagesTab, useThreadPolling } from '../conversations/store.ts';

// Each tab and dialog is its own chunk.
// The first tab is fetched as soon as this module is: it renders without a Suspense pause.
const OverviewTab = preloadable(() => import('./mechanic/OverviewTab.tsx'));
void OverviewTab.preload().catch(() => undefined); // retried by the lazy render if it failed
// Every other tab's code, and the pieces a tab shows as it opens, is fetched when the browser is
// idle (preloadWhenIdle in the component): a tab opened then renders without React's 300 ms
// Suspense pause after its chunk arrives (bench/sections.ts).
const RequestsTab = preloadable(() => import('./mechanic/RequestsTab.tsx'));
const AppointmentsTab = preloadable(() => import('./mechanic/AppointmentsTab.tsx'));
const ProfileTab = preloadable(() => import('./mechanic/ProfileTab.tsx'));
const BookingSettings = preloadable(() => import('../booking/BookingSettings.tsx'));
const EarningsTab = preloadable(() => import('./mechanic/EarningsTab.tsx'));
const ProfileDialog = lazy(() => import('../marketplace/profiles/ProfileDialog.tsx'));
const SubmitBidDialog = lazy(() => import('../bid-lines/SubmitBidDialog.tsx'));
const AnnualsToSign = preloadable(() => import('../records/AnnualsToSign.tsx'));
const MessagesTab = preloadable(() => import('../conversations/MessagesTab.tsx'));
const PayoutsCard = preloadable(() => import('../payments/PayoutsCard.tsx'));
const PaymentEarnings = preloadable(() => import('../payments/PaymentEarnings.tsx'));
const MechanicAogPanel = preloadable(() => import('../aog/MechanicAogPanel.tsx'));
const AogAvailabilityCard = preloadable(() => import('../aog/AogAvailabilityCard.tsx'));

const PRELOADED = [
  RequestsTab,
  AppointmentsTab,
  AnnualsToSign,
  ProfileTab,
  BookingSettings,
  PayoutsCard,
  AogAvailabilityCard,
  EarningsTab,
  PaymentEarnings,
  MessagesTab,
  MechanicAogPanel,
];

const TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'requests', label: 'Service Requests' },
  { value: 'appointments', label: 'Appointments' },
  { value: 'profile', label: 'Profile' },
  { value: 'earnings', label: 'Earnings' },
  { value: 'messages', label: 'Messages' },
  // Aircraft on ground: open calls near the mechanic and their dispatches (docs/decisions/0250).
  { value: 'aog', label: 'AOG calls' },
] as const;
type Tab = (typeof TABS)[number]['value'];
const TAB_VALUES = TABS.map((t) => t.value);

/** The browser's time zone, for the months of the earnings. */
const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

interface MatchedRequests {
  requests: ServiceRequest[];
  /** Why the mechanic sees no requests yet (awaiting an administrator's approval), or null. */
  vetting: string | null;
}

/** The matched requests; a mechanic awaiting an administrator's approval gets 403 with the reason. */
async function loadMatched(): Promise<MatchedRequests> {
  try {
    return { requests: await getWithRetry(ROUTES.requestsMatched), vetting: null };
  } catch (err) {
    if (err instanceof ApiError && err.status === 403 && err.detail) return { requests: [], vetting: err.detail };
    throw err;
  }
}

/** GET the profile; a 404 means none yet (the setup dialog opens), anything else is a failure. */
async function loadProfile(): Promise<MechanicProfile | null> {
  try {
    return await getWithRetry(ROUTES.mechanicProfile);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/** The mechanic dashboard (docs/product.md §2): five tabs, the profile and quote dialogs, the bell. */
export default function MechanicDashboard({ user, onLogout }: DashboardProps) {
  const [tab, setTab] = useSection<Tab>(TAB_VALUES, 'overview');
  useEffect(() => preloadWhenIdle(PRELOADED), []);
  const [profileOpen, setProfileOpen] = useState(false);
  const [quoting, setQuoting] = useState<ServiceRequest | null>(null);
  const notifications = useNotifications();
  const { reload: reloadNotifications } = notifications;
  useThreadPolling(user.id);
  const unreadMessages = useStore($unreadMessages);
  useShowMessagesTab(useCallback(() => setTab('messages'), []));

  const onError = (err: unknown) => {
    console.error('Loading the dashboard failed', err);
    toast.error('Failed to load dashboard data');
  };
  // The spec's three calls, each its own list: a write puts its answer in the list it changed
  // and reads only that list again, in the background (ui/follow.ts).
  const matched = useQuery<MatchedRequests>(keyOf(ROUTES.requestsMatched), loadMatched, { onError });
  const appointments = useList(ROUTES.appointmentsAssigned, onError);
  const profileQuery = useQuery(keyOf(ROUTES.mechanicProfile), loadProfile, { onError });
  // Counters and earnings over every request and job, not the page loaded (ADR 0203); months in this browser's zone.
  const summary = useSummary(ROUTES.mechanicSummary, { query: { tz: TIME_ZONE } }, [matched.data, appointments.data]);
  useEffect(() => {
    reloadNotifications().catch((e: unknown) => console.warn('Loading notifications failed', e));
  }, [reloadNotifications]);
  const data =
    matched.data && appointments.data
      ? { requests: matched.data.requests, appointments: appointments.data, vetting: matched.data.vetting }
      : null;
  const vetting = data?.vetting ?? null;
  const profile = profileQuery.data ?? null;
  const setProfile = profileQuery.setData;
  const failed = [matched, appointments, profileQuery].some((q) => q.state.status === 'error');

  /** A quote's answer: the request shows it as this mechanic's at once. */
  const quoted = (request: ServiceRequest, bid: Bid) => {
    matched.setData(
      (d) => d && { ...d, requests: upsert(d.requests, { ...request, status: 'quoted', myQuote: bid }) ?? d.requests },
    );
    refresh(ROUTES.requestsMatched);
  };
  /** An appointment's answer; a completed job also changes the profile's counts. */
  const followAppointment = (a: Appointment) => {
    follow(appointments, ROUTES.appointmentsAssigned, a);
    refresh(ROUTES.requestsMatched);
    if (a.status === 'completed') refresh(ROUTES.mechanicProfile);
    reloadNotifications().catch((e: unknown) => console.warn('Loading notifications failed', e));
  };

  // Spec: on first load with no profile, the setup prompt opens.
  const profileLoaded = profileQuery.state.status === 'ready';
  const asked = useRef(false);
  useEffect(() => {
    if (!profileLoaded || asked.current) return;
    asked.current = true;
    if (profileQuery.data === null) setProfileOpen(true);
  }, [profileLoaded, profileQuery.data]);

  const openLink = (n: Notification) => {
    if (n.link && TABS.some((t) => t.value === n.link)) setTab(n.link as Tab);
  };

  return (
    <DashboardFrame
      header={
        <DashboardHeader
          heading={`Welcome, ${user.firstName}`}
          subheading={
            profile
              ? 'Your matched requests, jobs and earnings.'
              : 'Complete your profile to start receiving service requests.'
          }
          bell={<NotificationBell state={notifications} onOpenItem={openLink} />}
          name={`${user.firstName} ${user.lastName}`}
          roleLabel={ROLE_LABELS.mechanic}
          onLogout={onLogout}
        />
      }
      status={data ? 'ready' : failed ? 'error' : 'loading'}
      onRetry={() => window.location.reload()}
      banner={
        vetting && (
          <div role="status" className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
            {vetting}
          </div>
        )
      }
      tabs={TABS.map((t) => (t.value === 'messages' ? { ...t, badge: unreadMessages } : t))}
      tab={tab}
      onTabChange={setTab}
      dialogs={
        data && (
          <>
            {profileOpen && (
              <ProfileDialog
                open
                onOpenChange={setProfileOpen}
                profile={profile}
                user={user}
                onSaved={(p) => {
                  setProfile(p);
                  // A new service area or approval changes which requests match.
                  refresh(ROUTES.requestsMatched);
                }}
              />
            )}
            {quoting && (
              <SubmitBidDialog
                request={quoting}
                mechanicIa={profile?.verifiedIa ?? false}
                onClose={() => setQuoting(null)}
                onSubmitted={(bid) => quoting && quoted(quoting, bid)}
              />
            )}
          </>
        )
      }
    >
      {data && (
        <>
          <TabsContent value="overview">
            <OverviewTab requests={data.requests} profile={profile} summary={summary} />
          </TabsContent>
          <TabsContent value="requests">
            <RequestsTab requests={data.requests} onQuote={setQuoting} />
            <LoadMore
              route={ROUTES.requestsMatched}
              onMore={(rows) => matched.setData((c) => c && { ...c, requests: appendPage(c.requests, rows) })}
            />
          </TabsContent>
          <TabsContent value="appointments">
            <Suspense fallback={null}>
              <AnnualsToSign ia={profile?.verifiedIa ?? false} />
            </Suspense>
            <AppointmentsTab
              appointments={data.appointments}
              onAppointment={followAppointment}
              onChanged={() => refresh(ROUTES.appointmentsAssigned)}
            />
            <LoadMore route={ROUTES.appointmentsAssigned} />
          </TabsContent>
          <TabsContent value="profile">
            <ProfileTab profile={profile} onEdit={() => setProfileOpen(true)} />
            {profile && (
              <Suspense fallback={null}>
                <div className="mt-6">
                  <BookingSettings />
                </div>
              </Suspense>
            )}
            <Suspense fallback={null}>
              <PayoutsCard />
            </Suspense>
            {profile && (
              <Suspense fallback={null}>
                <AogAvailabilityCard />
              </Suspense>
            )}
          </TabsContent>
          <TabsContent value="earnings">
            <Suspense fallback={null}>
              <div className="mb-6">
                <PaymentEarnings />
              </div>
            </Suspense>
            <EarningsTab appointments={data.appointments} summary={summary} />
            <LoadMore route={ROUTES.appointmentsAssigned} label="Load more jobs" />
          </TabsContent>
          <TabsContent value="messages">
            <MessagesTab me={user.id} role="mechanic" />
          </TabsContent>
          <TabsContent value="aog">
            <MechanicAogPanel />
          </TabsContent>
        </>
      )}
    </DashboardFrame>
  );
}
