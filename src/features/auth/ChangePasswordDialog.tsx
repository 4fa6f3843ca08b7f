import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Input } from '../../components/ui/field.tsx';
import { ChangePasswordSchema, SESSION_MESSAGES, type ChangePasswordInput } from '../../contract/auth.ts';
import { ROUTES } from '../../contract/routes/auth.ts';
import { detailOr } from '../../lib/refusal.ts';
import { useWrite } from '../../lib/use-write.ts';
import { fieldAria, FormField } from '../../components/ui/form-field.tsx';
import { saveSession } from '../../lib/session.ts';
import { useContractForm } from '../../lib/use-contract-form.ts';

/**
 * 'Change password' in the dashboards' headers: current and new password, the same schema as
 * POST /api/auth/password. On success the new token replaces the stored one (the server ended every
 * other session). 'Sign out of all devices' ends every session, this one included.
 */
export function ChangePasswordButton({ onSignedOutEverywhere }: { onSignedOutEverywhere: () => void }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useContractForm(ChangePasswordSchema, { currentPassword: '', newPassword: '' }, { parsed: true });

  const change = useWrite(ROUTES.authPassword, { fallback: 'Failed to change password', reason: detailOr });
  const onSubmit = async (values: ChangePasswordInput) => {
    setError(null);
    const sent = await change.run({ body: values });
    if (!sent.ok) return setError(sent.error);
    saveSession(sent.data.access_token, sent.data.user);
    toast.success(SESSION_MESSAGES.passwordChanged);
    reset();
    setOpen(false);
  };

  // The session is gone either way: a failure says nothing.
  const logoutAll = useWrite(ROUTES.authLogoutAll, { fallback: '' });
  const signOutEverywhere = async () => {
    if ((await logoutAll.run()).ok) toast.success(SESSION_MESSAGES.loggedOutEverywhere);
    setOpen(false);
    onSignedOutEverywhere();
  };

  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <KeyRound className="h-4 w-4" aria-hidden="true" />
        {/* Phones: the key icon alone keeps the header on one line; the name stays for everyone. */}
        <span className="sr-only sm:not-sr-only">Change password</span>
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) {
            reset();
            setError(null);
          }
        }}
        title="Change password"
        description="Other devices signed in to your account will be signed out."
      >
        <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4" aria-busy={isSubmitting}>
          {error && <Alert>{error}</Alert>}
          <FormField id="current-password" label="Current password" error={errors.currentPassword?.message}>
            <Input
              id="current-password"
              type="password"
              autoComplete="current-password"
              {...fieldAria('current-password', errors.currentPassword?.message)}
              {...register('currentPassword')}
            />
          </FormField>
          <FormField
            id="new-password"
            label="New password"
            error={errors.newPassword?.message}
            hint="At least 8 characters"
          >
            <Input
              id="new-password"
              type="password"
              autoComplete="new-password"
              {...fieldAria('new-password', errors.newPassword?.message, true)}
              {...register('newPassword')}
            />
          </FormField>
          <div className="flex flex-wrap justify-between gap-2">
            <Button type="button" variant="ghost" onClick={() => void signOutEverywhere()}>
              Sign out of all devices
            </Button>
            <Button type="submit" pending={isSubmitting}>
              Save password
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
