import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/field.tsx';
import { AUTH_MESSAGES, LoginSchema, PASSWORD_RESET, type LoginData, type PublicUser } from '../../contract/auth.ts';
import { ROUTES } from '../../contract/routes/auth.ts';
import { useWrite } from '../../lib/use-write.ts';
import { signInErrorMessage } from './auth-messages.ts';
import { fieldAria, FormField } from '../../components/ui/form-field.tsx';
import { useContractForm } from '../../lib/use-contract-form.ts';

export interface SignInFormProps {
  /** Told once the server accepted the credentials (the caller stores the session). */
  onSignedIn: (token: string, user: PublicUser) => void;
  /**
   * Refuse a signed-in user client-side with this message (the admin page refuses non-admins;
   * the server refuses them on every admin call anyway). Return null to accept.
   */
  refuse?: (user: PublicUser) => string | null;
  /** Prefix of the field ids, so two forms could share a page. */
  idPrefix?: string;
  /**
   * Called when the person starts on the form (first focus) and again on submit: the screen behind
   * the sign-in fetches its code then, side by side with the typing and the password hash, instead
   * of after the answer.
   */
  onIntent?: (() => void) | undefined;
}

/** Email and password (docs/product.md §4 "Login form"): the error clears at the start of each attempt. */
export function SignInForm({ onSignedIn, refuse, idPrefix = 'signin', onIntent }: SignInFormProps) {
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm(LoginSchema, { email: '', password: '' }, { parsed: true });

  // docs/product.md §4: a failed sign-in shows in the form's destructive alert (announced by its
  // role=alert); a toast saying the same would put the message on screen twice.
  const login = useWrite(ROUTES.authLogin, { fallback: '', reason: (err) => signInErrorMessage(err) });
  const onSubmit = async (values: LoginData) => {
    setError(null);
    onIntent?.();
    const sent = await login.run({ body: values, auth: false });
    if (!sent.ok) return setError(sent.error);
    const refusal = refuse?.(sent.data.user) ?? null;
    if (refusal) {
      setError(refusal);
      return;
    }
    onSignedIn(sent.data.access_token, sent.data.user);
    toast.success(AUTH_MESSAGES.loginSuccess);
  };

  const emailId = `${idPrefix}-email`;
  const passwordId = `${idPrefix}-password`;
  return (
    <form
      onSubmit={handleSubmit(onSubmit)}
      onFocusCapture={onIntent}
      noValidate
      className="space-y-4"
      aria-busy={isSubmitting}
    >
      {error && <Alert>{error}</Alert>}
      <FormField id={emailId} label="Email" error={errors.email?.message}>
        <Input
          id={emailId}
          type="email"
          autoComplete="username"
          required
          {...fieldAria(emailId, errors.email?.message)}
          {...register('email')}
        />
      </FormField>
      <FormField id={passwordId} label="Password" error={errors.password?.message}>
        <Input
          id={passwordId}
          type="password"
          autoComplete="current-password"
          required
          {...fieldAria(passwordId, errors.password?.message)}
          {...register('password')}
        />
      </FormField>
      <p className="text-right text-sm">
        <a href={PASSWORD_RESET.path} className="font-medium text-primary underline-offset-4 hover:underline">
          Forgot password?
        </a>
      </p>
      <Button type="submit" className="w-full" pending={isSubmitting}>
        {isSubmitting ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}
