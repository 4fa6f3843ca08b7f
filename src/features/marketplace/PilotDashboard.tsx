import { Button } from '../../components/ui/button.tsx';
import { ROLE_LABELS } from '../../contract/roles.ts';
import type { DashboardProps } from '../auth/session.ts';

// Shell until the marketplace feature fills it: who is signed in, and a way out.
export default function PilotDashboard({ user, onLogout }: DashboardProps) {
  return (
    <div className="container-page py-8">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">
            {user.firstName} {user.lastName}
          </h1>
          <p className="text-muted-foreground">{ROLE_LABELS[user.role]}</p>
        </div>
        <Button variant="outline" onClick={onLogout}>
          Logout
        </Button>
      </header>
    </div>
  );
}
