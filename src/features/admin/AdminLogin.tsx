import { ShieldCheck } from 'lucide-react';
import { Alert } from '../../components/ui/alert.tsx';
import { Card, CardContent, CardHeader } from '../../components/ui/card.tsx';
import { AUTH_MESSAGES, type PublicUser } from '../../contract/auth.ts';
import { ROLE_LABELS } from '../../contract/roles.ts';
import { BrandLink } from '../auth/BrandLink.tsx';
import type { SessionUser } from '../../lib/session.ts';
import { SignInForm } from '../auth/SignInForm.tsx';

const refuseNonAdmin = (user: PublicUser) => (user.role === 'admin' ? null : AUTH_MESSAGES.adminRequired);

/**
 * The admin sign-in page, worded as the spec gives it. A pilot or mechanic who signs in here is
 * told so and not let in (the server refuses them on every admin call regardless).
 */
export function AdminLogin({
  onSignedIn,
  current,
}: {
  onSignedIn: (token: string, user: PublicUser) => void;
  current?: SessionUser | undefined;
}) {
  return (
    <main id="main" className="flex min-h-screen flex-col items-center bg-muted px-4 py-8 sm:py-12">
      <BrandLink />
      <Card className="mt-6 w-full max-w-md">
        <CardHeader className="items-center text-center">
          <span className="grid h-12 w-12 place-items-center rounded-full bg-brand text-sky-300">
            <ShieldCheck className="h-6 w-6" aria-hidden="true" />
          </span>
          <h1 className="mt-2 text-2xl font-bold">Admin</h1>
          <p className="text-sm text-muted-foreground">Sign in to access the admin dashboard</p>
        </CardHeader>
        <CardContent className="space-y-4">
          {current && current.role !== 'admin' && (
            <Alert tone="info">
              You are signed in as {current.firstName} {current.lastName} ({ROLE_LABELS[current.role] ?? current.role}).
              Sign in with an administrator account to continue, or go to{' '}
              <a className="font-semibold underline" href="/dashboard">
                your dashboard
              </a>
              .
            </Alert>
          )}
          <SignInForm onSignedIn={onSignedIn} refuse={refuseNonAdmin} idPrefix="admin" />
          <p className="text-center text-sm text-muted-foreground">Contact administrator for login credentials</p>
        </CardContent>
      </Card>
    </main>
  );
}
