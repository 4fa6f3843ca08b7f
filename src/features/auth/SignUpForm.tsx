import { useState, type InputHTMLAttributes } from 'react';
import { type Path } from 'react-hook-form';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input, NativeSelect } from '../../components/ui/field.tsx';
import {
  AUTH_MESSAGES,
  PASSWORD_RULES,
  REGISTER_FORM_DEFAULTS,
  RegisterSchema,
  type PublicUser,
  type RegisterData,
  type RegisterInput,
} from '../../contract/auth.ts';
import { SELF_REGISTER_ROLES } from '../../contract/roles.ts';
import { ROUTES } from '../../contract/routes/auth.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useWrite } from '../../lib/use-write.ts';
import { signUpErrorMessage } from './auth-messages.ts';
import { fieldAria, FormField } from '../../components/ui/form-field.tsx';
import { claimAfterSignUp } from '../inbox/claim-invitation.ts';
import { currentInvitation } from '../inbox/invitation.ts';
import { useContractForm } from '../../lib/use-contract-form.ts';

type FieldName = Path<RegisterInput>;

/**
 * Sign-up (docs/product.md §2 and §5): role (pilot default), names, email, password, phone, location,
 * and the mechanic-only fields when the role is mechanic, sent as numbers or null when empty.
 */
/** A query parameter of the entry screen's address ('' on the server). */
export const entryParam = (name: string) =>
  typeof window === 'undefined' ? '' : (new URLSearchParams(window.location.search).get(name) ?? '');

export function SignUpForm({ onSignedIn }: { onSignedIn: (token: string, user: PublicUser) => void }) {
  const [error, setError] = useState<string | null>(null);
  const [invitation] = useState(currentInvitation);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useContractForm(
    // An invitation fills the email; the home page's "Join as a mechanic" link chooses the mechanic role.
    RegisterSchema,
    invitation
      ? { ...REGISTER_FORM_DEFAULTS, role: 'pilot', email: invitation.email }
      : { ...REGISTER_FORM_DEFAULTS, ...(entryParam('role') === 'mechanic' ? { role: 'mechanic' as const } : {}) },
    { parsed: true },
  );
  const isMechanic = watch('role') === 'mechanic';

  const signUp = useWrite(ROUTES.authRegister, {
    fallback: '',
    // The form line says what exactly went wrong (e.g. the email is taken) when the server says it.
    reason: (err) => (err instanceof ApiError && err.detail && err.status < 500 ? err.detail : signUpErrorMessage(err)),
    onError: (_message, err) => toast.error(signUpErrorMessage(err)),
  });
  const onSubmit = async (values: RegisterData) => {
    setError(null);
    const sent = await signUp.run({ body: values, auth: false });
    if (!sent.ok) return setError(sent.error);
    const res = sent.data;
    try {
      if (invitation && res.user.role === 'pilot') await claimAfterSignUp(invitation.token, res.access_token);
      onSignedIn(res.access_token, res.user);
      toast.success(AUTH_MESSAGES.registerSuccess);
    } catch (err) {
      toast.error(signUpErrorMessage(err));
      setError(err instanceof ApiError && err.detail && err.status < 500 ? err.detail : signUpErrorMessage(err));
    }
  };

  const field = (name: FieldName, label: string, props: InputHTMLAttributes<HTMLInputElement> = {}, hint?: string) => {
    const id = `signup-${name}`;
    const message = errors[name]?.message;
    return (
      <FormField id={id} label={label} error={message} required={props.required} {...(hint ? { hint } : {})}>
        <Input id={id} {...props} {...fieldAria(id, message, Boolean(hint))} {...register(name)} />
      </FormField>
    );
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4" aria-busy={isSubmitting}>
      {error && <Alert>{error}</Alert>}
      <p className="text-xs text-muted-foreground">
        Fields marked <span className="text-destructive">*</span> are required.
      </p>
      <FormField id="signup-role" label="Role" error={errors.role?.message}>
        <NativeSelect
          id="signup-role"
          options={SELF_REGISTER_ROLES}
          {...fieldAria('signup-role', errors.role?.message)}
          {...register('role')}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        {field('firstName', 'First Name', { autoComplete: 'given-name', required: true })}
        {field('lastName', 'Last Name', { autoComplete: 'family-name', required: true })}
      </div>
      {field('email', 'Email', { type: 'email', autoComplete: 'email', required: true })}
      {field(
        'password',
        'Password',
        { type: 'password', autoComplete: 'new-password', required: true, minLength: PASSWORD_RULES.minLength },
        `At least ${PASSWORD_RULES.minLength} characters.`,
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {field('phone', 'Phone', { type: 'tel', autoComplete: 'tel', placeholder: '(555) 123-4567' })}
        {field('location', 'Location', { autoComplete: 'address-level2', placeholder: 'KSJC or San Jose, CA' })}
      </div>
      {isMechanic && (
        <fieldset className="space-y-4 rounded-md border border-border p-4">
          <legend className="px-1 text-sm font-semibold">A&amp;P Mechanic details</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            {field('certificationNumber', 'Certification Number', { autoComplete: 'off' })}
            {field('yearsExperience', 'Years Experience', { type: 'number', inputMode: 'numeric', min: 0, step: 1 })}
            {field('serviceRadius', 'Service Radius (miles)', {
              type: 'number',
              inputMode: 'numeric',
              min: 0,
              step: 1,
            })}
            {field('hourlyRate', 'Hourly Rate ($)', { type: 'number', inputMode: 'decimal', min: 0, step: 0.01 })}
          </div>
        </fieldset>
      )}
      <Button type="submit" className="w-full" pending={isSubmitting}>
        {isSubmitting ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}
