import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Loading } from '../../components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import type { Appointment, MechanicProfile, Notification, ServiceRequest } from '../../contract/marketplace.ts';
import { ROLE_LABELS } from '../../contract/roles.ts';
import { ApiError } from '../../lib/api-client.ts';
import { getWithRetry } from './ui/fetch-retry.ts';
import type { DashboardProps } from '../auth/session.ts';
import { DashboardHeader } from './ui/DashboardHeader.tsx';
import { NotificationBell } from './ui/NotificationBell.tsx';
import { useNotifications } from './ui/use-notifications.ts';

// Each tab and dialog is its own chunk.
const OverviewTab = lazy(() => import('./mechanic/OverviewTab.tsx'));
const RequestsTab = lazy(() => import('./mechanic/RequestsTab.tsx'));
const AppointmentsTab = lazy(() => import('./mechanic/AppointmentsTab.tsx'));
const ProfileTab = lazy(() => import('./mechanic/ProfileTab.tsx'));
const EarningsTab = lazy(() => import('./mechanic/EarningsTab.tsx'));
const ProfileDialog = lazy(() => import('./mechanic/ProfileDialog.tsx'));
const SubmitQuoteDialog = lazy(() => import('./mechanic/SubmitQuoteDialog.tsx'));

const TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'requests', label: 'Service Requests' },
  { value: 'appointments', label: 'Appointments' },
  { value: 'profile', label: 'Profile' },
  { value: 'earnings', label: 'Earnings' },
] as const;
type Tab = (typeof TABS)[number]['value'];

interface MechanicData {
  requests: ServiceRequest[];
  appointments: Appointment[];
}

/** GET the profile; a 404 means none yet (the setup dialog opens), anything else is a failure. */
async function loadProfile(): Promise<MechanicProfile | null> {
  try {
    return await getWithRetry<MechanicProfile>('/enhanced/mechanic-profile');
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/** The mechanic dashboard (spec section 2): five tabs, the profile and quote dialogs, the bell. */
export default function MechanicDashboard({ user, onLogout }: DashboardProps) {
  const [data, setData] = useState<MechanicData | null>(null);
  const [profile, setProfile] = useState<MechanicProfile | null>(null);
  const [failed, setFailed] = useState(false);
  const [tab, setTab] = useState<Tab>('overview');
  const [profileOpen, setProfileOpen] = useState(false);
  const [quoting, setQuoting] = useState<ServiceRequest | null>(null);
  const [vetting, setVetting] = useState<string | null>(null);
  const notifications = useNotifications();
  const { reload: reloadNotifications } = notifications;

  // The spec's three calls, fetched together on load and after a profile save or a quote.
  const loadLists = useCallback(async () => {
    const [requests, appointments] = await Promise.all([
      // A mechanic awaiting an administrator's approval gets 403 with the reason: no requests yet.
      getWithRetry<ServiceRequest[]>('/enhanced/quotes/mechanic').then(
        (list) => {
          setVetting(null);
          return list;
        },
        (err: unknown) => {
          if (err instanceof ApiError && err.status === 403 && err.detail) {
            setVetting(err.detail);
            return [] as ServiceRequest[];
          }
          throw err;
        },
      ),
      getWithRetry<Appointment[]>('/appointments/mechanic'),
      reloadNotifications(),
    ]);
    setData({ requests, appointments });
  }, [reloadNotifications]);

  const reload = useCallback(async () => {
    try {
      await loadLists();
      setFailed(false);
    } catch (err) {
      console.error('Loading the dashboard failed', err);
      toast.error('Failed to load dashboard data');
      setFailed(true);
    }
  }, [loadLists]);

  useEffect(() => {
    let alive = true;
    (async () => {
      try {
        const [p] = await Promise.all([loadProfile(), loadLists()]);
        setProfile(p);
        // Spec: on first load with no profile, the setup prompt opens.
        if (!p && alive) setProfileOpen(true);
      } catch (err) {
        console.error('Loading the dashboard failed', err);
        toast.error('Failed to load dashboard data');
        setFailed(true);
      }
    })();
    return () => {
      alive = false;
    };
  }, [loadLists]);

  const openLink = (n: Notification) => {
    if (n.link && TABS.some((t) => t.value === n.link)) setTab(n.link as Tab);
  };

  if (!data) {
    if (failed) {
      return (
        <main className="container-page py-10">
          <Alert className="flex flex-wrap items-center justify-between gap-3">
            <span>We could not load your dashboard.</span>
            <Button size="sm" variant="outline" onClick={() => { setFailed(false); window.location.reload(); }}>
              Try again
            </Button>
          </Alert>
        </main>
      );
    }
    return <Loading label="Loading dashboard..." />;
  }

  return (
    <div className="min-h-screen bg-muted/40">
      <DashboardHeader
        heading={`Welcome back, ${user.firstName}`}
        subheading={profile ? 'Your matched requests, jobs and earnings.' : 'Complete your profile to start receiving service requests.'}
        bell={<NotificationBell state={notifications} onOpenItem={openLink} />}
        name={`${user.firstName} ${user.lastName}`}
        roleLabel={ROLE_LABELS.mechanic}
        onLogout={onLogout}
      />
      <main className="container-page py-6">
        {vetting && (
          <div role="status" className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
            {vetting}
          </div>
        )}
        <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)}>
          <TabsList aria-label="Dashboard sections">
            {TABS.map((t) => (
              <TabsTrigger key={t.value} value={t.value}>
                {t.label}
              </TabsTrigger>
            ))}
          </TabsList>
          <Suspense fallback={<Loading />}>
            <TabsContent value="overview">
              <OverviewTab requests={data.requests} appointments={data.appointments} profile={profile} />
            </TabsContent>
            <TabsContent value="requests">
              <RequestsTab requests={data.requests} onQuote={setQuoting} />
            </TabsContent>
            <TabsContent value="appointments">
              <AppointmentsTab appointments={data.appointments} onChanged={async () => { await reload(); setProfile(await loadProfile().catch(() => profile)); }} />
            </TabsContent>
            <TabsContent value="profile">
              <ProfileTab profile={profile} onEdit={() => setProfileOpen(true)} />
            </TabsContent>
            <TabsContent value="earnings">
              <EarningsTab appointments={data.appointments} />
            </TabsContent>
          </Suspense>
        </Tabs>
      </main>

      <Suspense fallback={null}>
        {profileOpen && (
          <ProfileDialog
            open
            onOpenChange={setProfileOpen}
            profile={profile}
            user={user}
            onSaved={(p) => {
              setProfile(p);
              void reload();
            }}
          />
        )}
        {quoting && <SubmitQuoteDialog request={quoting} onClose={() => setQuoting(null)} onSubmitted={() => void reload()} />}
      </Suspense>
    </div>
  );
}
