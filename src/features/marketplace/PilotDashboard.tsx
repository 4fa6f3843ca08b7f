import { lazy, useState } from 'react';
import { toast } from 'sonner';
import { TabsContent } from '../../components/ui/tabs.tsx';
import type { Aircraft, Appointment, Notification, ServiceRequest } from '../../contract/marketplace.ts';
import { ROLE_LABELS } from '../../contract/roles.ts';
import { ROUTES } from '../../contract/routes.ts';
import { useQuery } from '../../lib/use-query.ts';
import { DashboardFrame } from './ui/DashboardFrame.tsx';
import { getWithRetry } from './ui/fetch-retry.ts';
import type { DashboardProps } from '../../lib/session.ts';
import { DashboardHeader } from './ui/DashboardHeader.tsx';
import { NotificationBell } from './ui/NotificationBell.tsx';
import { EmailPreference } from './ui/EmailPreference.tsx';
import { NotificationList } from './ui/NotificationList.tsx';
import { useNotifications } from './ui/use-notifications.ts';

// Tab contents and dialogs are separate chunks: the first paint needs only the overview.
const OverviewTab = lazy(() => import('./pilot/OverviewTab.tsx'));
const RequestsTab = lazy(() => import('./pilot/RequestsTab.tsx'));
const AircraftTab = lazy(() => import('./pilot/AircraftTab.tsx'));
const AppointmentsTab = lazy(() => import('./pilot/AppointmentsTab.tsx'));
const DocumentsTab = lazy(() => import('../documents/DocumentsTab.tsx'));
const AddAircraftDialog = lazy(() => import('./pilot/AddAircraftDialog.tsx'));
const RequestServiceDialog = lazy(() => import('./pilot/RequestServiceDialog.tsx'));
const UploadDocumentDialog = lazy(() =>
  import('../documents/UploadDocumentDialog.tsx').then((m) => ({ default: m.UploadDocumentDialog })),
);

const TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'requests', label: 'Service Requests' },
  { value: 'aircraft', label: 'My Aircraft' },
  { value: 'appointments', label: 'Appointments' },
  { value: 'documents', label: 'Documents' },
  { value: 'notifications', label: 'Notifications' },
] as const;
type Tab = (typeof TABS)[number]['value'];

interface PilotData {
  aircraft: Aircraft[];
  requests: ServiceRequest[];
  appointments: Appointment[];
}

/** The pilot/owner dashboard (docs/product.md §2): six tabs, three dialogs, the bell. */
export default function PilotDashboard({ user, onLogout }: DashboardProps) {
  const [tab, setTab] = useState<Tab>('overview');
  const [dialog, setDialog] = useState<
    { kind: 'aircraft' } | { kind: 'request'; aircraftId: string | null } | { kind: 'upload' } | null
  >(null);
  const notifications = useNotifications();
  const { reload: reloadNotifications } = notifications;

  // The spec's three calls, together, on load and after every change the pilot makes.
  const dashboard = useQuery<PilotData>(
    `pilot-dashboard:${user.id}`,
    async () => {
      const [aircraft, requests, appointments] = await Promise.all([
        getWithRetry(ROUTES.aircraftList),
        getWithRetry(ROUTES.requestsOwn),
        getWithRetry(ROUTES.appointmentsOwn),
        reloadNotifications(),
      ]);
      return { aircraft, requests, appointments };
    },
    {
      onError: (err) => {
        console.error('Loading the dashboard failed', err);
        toast.error('Failed to load dashboard data');
      },
    },
  );
  const data = dashboard.data ?? null;
  const failed = dashboard.state.status === 'error';
  const load = dashboard.reload;
  const setData = dashboard.setData;

  const openLink = (n: Notification) => {
    if (n.link && TABS.some((t) => t.value === n.link)) setTab(n.link as Tab);
  };

  const bell = <NotificationBell state={notifications} onOpenItem={openLink} />;
  const header = (
    <DashboardHeader
      heading={`Welcome, ${user.firstName}`}
      subheading="Your aircraft, service requests and appointments in one place."
      bell={bell}
      name={`${user.firstName} ${user.lastName}`}
      roleLabel={ROLE_LABELS[user.role]}
      onLogout={onLogout}
    />
  );

  const tabs = TABS.map((t) => (t.value === 'notifications' ? { ...t, badge: notifications.unread } : t));
  return (
    <DashboardFrame
      header={header}
      status={data ? 'ready' : failed ? 'error' : 'loading'}
      onRetry={() => void load()}
      tabs={tabs}
      tab={tab}
      onTabChange={setTab}
      dialogs={
        data && (
          <>
            {dialog?.kind === 'aircraft' && (
              <AddAircraftDialog
                open
                onOpenChange={(open) => !open && setDialog(null)}
                onAdded={(a) => setData((d) => (d ? { ...d, aircraft: [a, ...d.aircraft] } : d))}
              />
            )}
            {dialog?.kind === 'request' && (
              <RequestServiceDialog
                open
                onOpenChange={(open) => !open && setDialog(null)}
                aircraft={data.aircraft}
                initialAircraftId={dialog.aircraftId}
                onCreated={() => {
                  setTab('requests');
                  void load();
                }}
              />
            )}
            {dialog?.kind === 'upload' && (
              <UploadDocumentDialog
                open
                onOpenChange={(open) => !open && setDialog(null)}
                aircraft={data.aircraft}
                onUploaded={() => {
                  setDialog(null);
                  setTab('documents');
                }}
              />
            )}
          </>
        )
      }
    >
      {data && (
        <>
          <TabsContent value="overview">
            <OverviewTab
              aircraft={data.aircraft}
              requests={data.requests}
              appointments={data.appointments}
              unread={notifications.unread}
              onRequestService={() => setDialog({ kind: 'request', aircraftId: null })}
              onAddAircraft={() => setDialog({ kind: 'aircraft' })}
              onUploadDocuments={() => setDialog({ kind: 'upload' })}
              onShow={setTab}
            />
          </TabsContent>
          <TabsContent value="requests">
            <RequestsTab
              requests={data.requests}
              onChanged={load}
              onRequestService={() => setDialog({ kind: 'request', aircraftId: null })}
            />
          </TabsContent>
          <TabsContent value="aircraft">
            <AircraftTab
              aircraft={data.aircraft}
              onAdd={() => setDialog({ kind: 'aircraft' })}
              onRequestFor={(id) => setDialog({ kind: 'request', aircraftId: id })}
              onChanged={load}
              onRequested={() => {
                setTab('requests');
                void load();
              }}
            />
          </TabsContent>
          <TabsContent value="appointments">
            <AppointmentsTab appointments={data.appointments} onChanged={load} />
          </TabsContent>
          <TabsContent value="documents">
            <DocumentsTab aircraft={data.aircraft} />
          </TabsContent>
          <TabsContent value="notifications">
            <section aria-labelledby="notifications-heading" className="space-y-3">
              <h2 id="notifications-heading" className="text-xl font-semibold">
                Notifications
              </h2>
              <NotificationList
                items={notifications.items}
                unread={notifications.unread}
                onRead={(n) => {
                  if (!n.isRead)
                    notifications.markRead(n.id).catch((e) => console.warn('Could not mark the notification read', e));
                }}
                onReadAll={() =>
                  notifications.markAllRead().catch((e) => console.warn('Could not mark notifications read', e))
                }
              />
              <EmailPreference />
            </section>
          </TabsContent>
        </>
      )}
    </DashboardFrame>
  );
}
