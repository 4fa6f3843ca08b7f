import { useCallback } from 'react';
import { toast } from 'sonner';
import { Loading } from '../../components/ui/spinner.tsx';
import { ToasterOnce } from '../../components/ui/toaster-once.tsx';
import { AUTH_MESSAGES } from '../../contract/auth.ts';
import { useSession } from '../auth/use-session.ts';
import { AdminDashboard } from './AdminDashboard.tsx';
import { AdminLogin } from '../admin/AdminLogin.tsx';

/**
 * The island of /admin: 'Loading...' while the stored session is checked, the admin sign-in page
 * unless an administrator is signed in, then the admin dashboard. The role check here only picks
 * the screen; every admin call is refused by the server without an admin token.
 */
export default function AdminApp() {
  const { state, signedIn, signOut } = useSession();
  const onAuthLost = useCallback(
    (status: 401 | 403) => {
      signOut();
      toast.error(status === 401 ? AUTH_MESSAGES.sessionExpired : AUTH_MESSAGES.adminRequired);
    },
    [signOut],
  );

  return (
    <>
      <ToasterOnce visibleToasts={1} />
      {state.status === 'checking' && <Loading />}
      {state.status === 'signed-out' && <AdminLogin onSignedIn={signedIn} />}
      {state.status === 'signed-in' &&
        (state.user.role === 'admin' ? (
          <AdminDashboard user={state.user} onLogout={signOut} onAuthLost={onAuthLost} />
        ) : (
          <AdminLogin onSignedIn={signedIn} current={state.user} />
        ))}
    </>
  );
}
