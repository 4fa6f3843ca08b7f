import { lazy, Suspense } from 'react';
import { ErrorBoundary } from '../../components/ui/error-boundary.tsx';
import { Loading } from '../../components/ui/spinner.tsx';
import { ToasterOnce } from '../../components/ui/toaster-once.tsx';
import { AuthScreen } from './AuthScreen.tsx';
import { useSession } from './use-session.ts';

// Each role's dashboard is its own chunk: the sign-in screen and the other role never load it.
const PilotDashboard = lazy(() => import('../marketplace/PilotDashboard.tsx'));
const MechanicDashboard = lazy(() => import('../marketplace/MechanicDashboard.tsx'));

/**
 * The island of /dashboard and /login: 'Loading...' while the stored session is checked, then the
 * sign-in screen, or the dashboard for the role (mechanic -> mechanic, any other -> pilot).
 */
export default function EntryApp() {
  const { state, signedIn, signOut } = useSession();
  return (
    <>
      {/* Spec section 4: one toast at a time on the dashboards. */}
      <ToasterOnce visibleToasts={1} />
      {state.status === 'checking' && <Loading />}
      {state.status === 'signed-out' && <AuthScreen onSignedIn={signedIn} />}
      {state.status === 'signed-in' && (
        <ErrorBoundary what="your dashboard">
          <Suspense fallback={<Loading />}>
            {state.user.role === 'mechanic' ? (
              <MechanicDashboard user={state.user} onLogout={signOut} />
            ) : (
              <PilotDashboard user={state.user} onLogout={signOut} />
            )}
          </Suspense>
        </ErrorBoundary>
      )}
    </>
  );
}
