import { useEffect, useState } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/field.tsx';
import {
  PasswordResetConfirmSchema,
  PasswordResetRequestSchema,
  SESSION_MESSAGES,
  type PasswordResetConfirmInput,
  type PasswordResetRequestInput,
} from '../../contract/auth.ts';
import { ROUTES } from '../../contract/routes/auth.ts';
import { detailOr } from '../../lib/refusal.ts';
import { useWrite } from '../../lib/use-write.ts';
import { BrandLink } from './BrandLink.tsx';
import { fieldAria, FormField } from '../../components/ui/form-field.tsx';
import { saveSession } from '../../lib/session.ts';
import { useContractForm } from '../../lib/use-contract-form.ts';

/** Step 1: the email address. The answer is the same whether or not it has an account. */
function RequestForm() {
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm(PasswordResetRequestSchema, { email: '' }, { parsed: true });

  const request = useWrite(ROUTES.authPasswordReset, {
    fallback: 'Something went wrong. Please try again.',
    reason: detailOr,
  });
  const onSubmit = async (values: PasswordResetRequestInput) => {
    setError(null);
    const answer = await request.run({ body: values, auth: false });
    if (answer.ok) setSent(answer.data.message);
    else setError(answer.error);
  };

  if (sent) return <p role="status">{sent}</p>;
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4" aria-busy={isSubmitting}>
      {error && <Alert>{error}</Alert>}
      <FormField id="reset-email" label="Email" error={errors.email?.message}>
        <Input
          id="reset-email"
          type="email"
          autoComplete="username"
          {...fieldAria('reset-email', errors.email?.message)}
          {...register('email')}
        />
      </FormField>
      <Button type="submit" className="w-full" pending={isSubmitting}>
        Email me a reset link
      </Button>
    </form>
  );
}

/** Step 2, from the emailed link: the new password. Success signs in and opens the dashboard. */
function ConfirmForm({ token }: { token: string }) {
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm(PasswordResetConfirmSchema, { token, newPassword: '' }, { parsed: true });

  const confirm = useWrite(ROUTES.authPasswordResetConfirm, {
    fallback: 'Something went wrong. Please try again.',
    reason: detailOr,
  });
  const onSubmit = async (values: PasswordResetConfirmInput) => {
    setError(null);
    const answer = await confirm.run({ body: values, auth: false });
    if (!answer.ok) return setError(answer.error);
    saveSession(answer.data.access_token, answer.data.user);
    setDone(true);
  };

  if (done)
    return (
      <div className="space-y-4" role="status">
        <p>{SESSION_MESSAGES.resetDone}</p>
        <a href="/dashboard" className={`${buttonClass()} w-full`}>
          Go to your dashboard
        </a>
      </div>
    );
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4" aria-busy={isSubmitting}>
      {error && <Alert>{error}</Alert>}
      <input type="hidden" {...register('token')} />
      <FormField
        id="reset-new-password"
        label="New password"
        error={errors.newPassword?.message}
        hint="At least 8 characters"
      >
        <Input
          id="reset-new-password"
          type="password"
          autoComplete="new-password"
          {...fieldAria('reset-new-password', errors.newPassword?.message, true)}
          {...register('newPassword')}
        />
      </FormField>
      <Button type="submit" className="w-full" pending={isSubmitting}>
        Set new password
      </Button>
    </form>
  );
}

/** The island of /reset-password: ask for a link, or (with ?token=) choose the new password. */
export default function ResetPasswordApp() {
  const [token, setToken] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    setToken(params.get('token'));
    // The secret should not linger in the address bar or in history.
    if (params.has('token')) history.replaceState(null, '', location.pathname);
  }, []);

  return (
    <main id="main" className="flex min-h-screen flex-col items-center bg-muted px-4 py-8 sm:py-12">
      <BrandLink />
      <Card className="mt-6 w-full max-w-lg">
        <CardHeader className="text-center">
          <h1 className="text-2xl font-bold">{token ? 'Choose a new password' : 'Reset your password'}</h1>
          <CardDescription>
            {token
              ? 'The link works once. Other devices signed in to your account will be signed out.'
              : 'Enter the email address of your account and we will email you a link to reset your password.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {token === undefined ? null : token ? <ConfirmForm token={token} /> : <RequestForm />}
          <p className="mt-4 text-center text-sm">
            <a href="/login" className="font-medium text-primary underline-offset-4 hover:underline">
              Back to sign in
            </a>
          </p>
        </CardContent>
      </Card>
    </main>
  );
}
