import { lazy, useCallback, useEffect, useState } from 'react';
import { takeDraft, type DraftToOpen } from '../inbox/invitation.ts';
import { useSection } from '../../lib/history-entries.ts';
import { toast } from 'sonner';
import { TabsContent } from '../../components/ui/tabs.tsx';
import { preloadable } from '../../lib/preloadable.ts';
import { preloadWhenIdle } from '../../lib/when-idle.ts';
import type { Appointment } from '../../contract/appointments.ts';
import type { Notification } from '../../contract/notifications.ts';
import type { ServiceRequest } from '../../contract/service-requests.ts';
import { ROLE_LABELS } from '../../contract/roles.ts';
import { ROUTES } from '../../contract/routes/marketplace.ts';
import { ROUTES as MAINTENANCE_ROUTES } from '../../contract/routes/maintenance.ts';
import { DashboardFrame } from './DashboardFrame.tsx';
import { LoadMore } from '../../components/ui/load-more.tsx';
import { useSummary } from './use-summary.ts';
import { usePrefetchDueLists } from '../maintenance/prefetch-due-lists.ts';
import { follow, refresh, useList } from '../../lib/follow.ts';
import type { DashboardProps } from '../../lib/session.ts';
import { DashboardHeader } from './DashboardHeader.tsx';
import { NotificationBell } from '../marketplace/ui/NotificationBell.tsx';
import { EmailPreference } from '../marketplace/ui/EmailPreference.tsx';
import { NotificationList } from '../marketplace/ui/NotificationList.tsx';
import { useNotifications } from '../marketplace/ui/use-notifications.ts';
import { useStore } from '@nanostores/react';
import { $unreadMessages, useShowMessagesTab, useThreadPolling } from '../conversations/store.ts';

// Tab contents and dialogs are separate chunks: the first paint needs only the overview.
// The first tab is fetched as soon as this module is: it renders without a Suspense pause.
const OverviewTab = preloadable(() => import('./pilot/OverviewTab.tsx'));
void OverviewTab.preload().catch(() => undefined); // retried by the lazy render if it failed
// Every other tab's code is fetched when the browser is idle (preloadWhenIdle in the component): a
// tab opened then renders without React's 300 ms Suspense pause after its chunk arrives
// (bench/sections.ts).
const RequestsTab = preloadable(() => import('./pilot/RequestsTab.tsx'));
const AircraftTab = preloadable(() => import('./pilot/AircraftTab.tsx'));
const AppointmentsTab = preloadable(() => import('./pilot/AppointmentsTab.tsx'));
const DocumentsTab = preloadable(() => import('../documents/DocumentsTab.tsx'));
const AddAircraftDialog = lazy(() => import('../marketplace/aircraft/AddAircraftDialog.tsx'));
const RequestServiceDialog = lazy(() => import('../marketplace/requests/RequestServiceDialog.tsx'));
const UploadDocumentDialog = lazy(() =>
  import('../documents/UploadDocumentDialog.tsx').then((m) => ({ default: m.UploadDocumentDialog })),
);
const MessagesTab = preloadable(() => import('../conversations/MessagesTab.tsx'));
// Aircraft on ground: the report button sits above the tabs, on the first screen (docs/decisions/0250),
// so it is fetched with this module, as the overview is: rendered lazily it suspended the first
// screen for React's 300 ms fallback pause after its chunk had arrived (bench/dashboards.ts).
const OwnerAogEntry = preloadable(() => import('../aog/OwnerAogEntry.tsx'));
void OwnerAogEntry.preload().catch(() => undefined); // retried by the lazy render if it failed

const TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'requests', label: 'Service Requests' },
  { value: 'aircraft', label: 'My Aircraft' },
  { value: 'appointments', label: 'Appointments' },
  { value: 'documents', label: 'Documents' },
  { value: 'notifications', label: 'Notifications' },
  { value: 'messages', label: 'Messages' },
] as const;
type Tab = (typeof TABS)[number]['value'];
const TAB_VALUES = TABS.map((t) => t.value);

/** The pilot/owner dashboard (docs/product.md §2): six tabs, three dialogs, the bell. */
export default function PilotDashboard({ user, onLogout }: DashboardProps) {
  const [tab, setTab] = useSection<Tab>(TAB_VALUES, 'overview');
  useEffect(() => preloadWhenIdle([RequestsTab, AppointmentsTab, AircraftTab, DocumentsTab, MessagesTab]), []);
  const [dialog, setDialog] = useState<
    | { kind: 'aircraft' }
    | { kind: 'request'; aircraftId: string | null; draft?: DraftToOpen }
    | { kind: 'upload' }
    | null
  >(null);
  // Signed up from an invitation of the business's inbox: its drafted request opens once (ADR 0210).
  useEffect(() => {
    const draft = takeDraft();
    if (draft) setDialog({ kind: 'request', aircraftId: draft.aircraftId, draft });
  }, []);
  // The aircraft My Aircraft opens on (from "Edit in My Aircraft" in the request form).
  const [aircraftFocus, setAircraftFocus] = useState<{ id: string } | null>(null);
  const notifications = useNotifications();
  const { reload: reloadNotifications } = notifications;
  useThreadPolling(user.id);
  const unreadMessages = useStore($unreadMessages);
  useShowMessagesTab(useCallback(() => setTab('messages'), []));

  const onError = (err: unknown) => {
    console.error('Loading the dashboard failed', err);
    toast.error('Failed to load dashboard data');
  };
  // The spec's three calls, each its own list: a write updates the list it changed from its own
  // answer and reads only that list again (ui/follow.ts).
  const aircraft = useList(ROUTES.aircraftList, onError);
  const requests = useList(ROUTES.requestsOwn, onError);
  const appointments = useList(ROUTES.appointmentsOwn, onError);
  // The Overview's counters over every row, not the page loaded (ADR 0203).
  const summary = useSummary(ROUTES.ownerSummary, undefined, [aircraft.data, requests.data, appointments.data]);
  // The Overview's Due Soon card across every aircraft (its own read, src/features/maintenance/
  // DueSoonCard.tsx): started with the lists rather than after them, and read again when they change.
  useSummary(MAINTENANCE_ROUTES.maintenanceDueSoon, undefined, [aircraft.data]);
  // My Aircraft's cards open complete: their due lists are read once the dashboard is idle.
  usePrefetchDueLists(aircraft.data);
  useEffect(() => {
    reloadNotifications().catch((e: unknown) => console.warn('Loading notifications failed', e));
  }, [reloadNotifications]);
  const data =
    aircraft.data && requests.data && appointments.data
      ? { aircraft: aircraft.data, requests: requests.data, appointments: appointments.data }
      : null;
  const failed = [aircraft, requests, appointments].some((q) => q.state.status === 'error');
  const load = () => Promise.all([aircraft.reload(), requests.reload(), appointments.reload()]);
  /** After a write: its answers on screen now, the lists it touched and the bell read again behind. */
  const followRequest = (r: ServiceRequest) => follow(requests, ROUTES.requestsOwn, r);
  const followAppointment = (a: Appointment) => follow(appointments, ROUTES.appointmentsOwn, a);
  const afterWrite = () => {
    reloadNotifications().catch((e: unknown) => console.warn('Loading notifications failed', e));
  };

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

  const tabs = TABS.map((t) =>
    t.value === 'notifications'
      ? { ...t, badge: notifications.unread }
      : t.value === 'messages'
        ? { ...t, badge: unreadMessages }
        : t,
  );
  return (
    <DashboardFrame
      header={header}
      status={data ? 'ready' : failed ? 'error' : 'loading'}
      onRetry={() => void load()}
      banner={data && <OwnerAogEntry aircraft={data.aircraft} phone={user.phone ?? null} />}
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
                onAdded={(a) => follow(aircraft, ROUTES.aircraftList, a)}
              />
            )}
            {dialog?.kind === 'request' && (
              <RequestServiceDialog
                open
                onOpenChange={(open) => !open && setDialog(null)}
                aircraft={data.aircraft}
                initialAircraftId={dialog.aircraftId}
                draft={dialog.draft ?? null}
                onEditAircraft={(id) => {
                  setDialog(null);
                  setAircraftFocus({ id }); // a new object each time, so asking again opens it again
                  setTab('aircraft');
                }}
                onCreated={(r) => {
                  setTab('requests');
                  followRequest(r);
                  afterWrite();
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
              summary={summary}
              onRequestService={() => setDialog({ kind: 'request', aircraftId: null })}
              onAddAircraft={() => setDialog({ kind: 'aircraft' })}
              onUploadDocuments={() => setDialog({ kind: 'upload' })}
              onShow={setTab}
            />
          </TabsContent>
          <TabsContent value="requests">
            <RequestsTab
              requests={data.requests}
              onRequest={followRequest}
              onAppointment={followAppointment}
              onChanged={afterWrite}
              onRequestService={() => setDialog({ kind: 'request', aircraftId: null })}
            />
            <LoadMore route={ROUTES.requestsOwn} />
          </TabsContent>
          <TabsContent value="aircraft">
            <AircraftTab
              aircraft={data.aircraft}
              focus={aircraftFocus}
              onAdd={() => setDialog({ kind: 'aircraft' })}
              onRequestFor={(id) => setDialog({ kind: 'request', aircraftId: id })}
              onChanged={() => {
                refresh(ROUTES.aircraftList);
                refresh(ROUTES.requestsOwn);
              }}
              onRequested={(r) => {
                setTab('requests');
                followRequest(r);
                afterWrite();
              }}
            />
            <LoadMore route={ROUTES.aircraftList} />
          </TabsContent>
          <TabsContent value="appointments">
            <AppointmentsTab
              appointments={data.appointments}
              onAppointment={followAppointment}
              onChanged={afterWrite}
            />
            <LoadMore route={ROUTES.appointmentsOwn} />
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
          <TabsContent value="messages">
            <MessagesTab me={user.id} role="pilot" />
          </TabsContent>
        </>
      )}
    </DashboardFrame>
  );
}
