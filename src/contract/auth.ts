import { z } from './zod.ts';
import { optionalPhone, optionalText, requiredText, type PublicUser } from './fields.ts';

export type { PublicUser } from './fields.ts';

/**
 * Sign-in and sign-up payloads: the React forms and the functions parse with these same schemas.
 * Password policy (docs/decisions/0022-login-brute-force.md): length is what matters against
 * guessing, so at least 8 characters and no composition rules (NIST SP 800-63B); the upper bound
 * keeps a hash request cheap to read and the number sane.
 */
export const PASSWORD_RULES = { minLength: 8, maxLength: 128, adminMinLength: 12 } as const;

export const AUTH_LIMITS = {
  name: 100,
  email: 254,
  location: 120,
  phone: 30,
  certificationNumber: 40,
  maxYearsExperience: 80,
  /** Mechanics: how far they travel (at most 500 miles). */
  maxServiceRadius: 500,
  maxHourlyRate: 10_000,
} as const;

/**
 * Brute-force protection defaults (the server may override them from its environment):
 * failures counted over a sliding window, per account (email) and per client IP.
 */
export const LOGIN_THROTTLE = {
  maxFailuresPerAccount: 5,
  maxFailuresPerIp: 20,
  windowMinutes: 15,
} as const;

/** Texts of docs/product.md §8 and of the sign-in screens. */
export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  loginFailed: 'Login failed. Please try again.',
  loginUnavailable: 'Sign-in is briefly unavailable. Please try again in a moment.',
  loginSuccess: 'Welcome back!',
  registerInvalid: 'User already exists or invalid data',
  registerFailed: 'Registration failed. Please try again.',
  registerSuccess: 'Account created successfully!',
  userExists: 'User already exists with this email address',
  adminRequired: 'This account does not have administrator access.',
  sessionExpired: 'Your session has expired. Please sign in again.',
} as const;

export function tooManyFailuresMessage(minutes: number): string {
  return `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

const email = requiredText('Email', AUTH_LIMITS.email)
  .pipe(z.email('Enter a valid email address'))
  // One account per address however it is typed (the unique index is on lower(email) too).
  .transform((v) => v.toLowerCase());

const phone = optionalPhone('Phone', AUTH_LIMITS.phone);

/**
 * A number typed in a form field: '' or null means not given (spec: "converted to numbers, or sent
 * null when empty"); numeric text is accepted as well as a number.
 */
const optionalNumber = (label: string, max: number, integer: boolean) =>
  z
    .union([z.number(), z.string()], { error: `${label} must be a number` })
    .nullish()
    .transform((v, ctx) => {
      if (v === undefined || v === null || String(v).trim() === '') return null;
      const n = typeof v === 'number' ? v : Number(v.trim());
      const ok = Number.isFinite(n) && n >= 0 && n <= max && (!integer || Number.isInteger(n));
      if (!ok) {
        ctx.addIssue({
          code: 'custom',
          message: `${label} must be ${integer ? 'a whole number' : 'a number'} between 0 and ${max.toLocaleString('en-US')}`,
        });
        return z.NEVER;
      }
      return integer ? n : Math.round(n * 100) / 100;
    });

/** Certificate numbers are identifiers: a number or text is accepted and kept as text. */
const certificationNumber = z
  .union([z.number(), z.string()], { error: 'Certification number must be text or a number' })
  .nullish()
  .transform((v) => (v === undefined || v === null ? '' : String(v).trim()))
  .pipe(
    z
      .string()
      .max(
        AUTH_LIMITS.certificationNumber,
        `Certification number must be at most ${AUTH_LIMITS.certificationNumber} characters`,
      ),
  )
  .transform((v) => (v ? v : null));

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(PASSWORD_RULES.minLength, `Password must be at least ${PASSWORD_RULES.minLength} characters`)
  .max(PASSWORD_RULES.maxLength, `Password must be at most ${PASSWORD_RULES.maxLength} characters`);

/** Only these may be chosen at sign-up; administrators come from `npm run admin:create`. */
export const SelfRegisterRole = z.enum(['pilot', 'mechanic'], {
  error: (issue) =>
    issue.input === undefined || issue.input === null || issue.input === ''
      ? 'Role is required'
      : issue.input === 'admin'
        ? 'Administrator accounts cannot be created by sign-up'
        : 'Role must be pilot or mechanic',
});

export const RegisterSchema = z
  .object({
    // Spec section 5: role pilot or mechanic, default pilot (a sign-up that sends none is a pilot's).
    role: z.preprocess((v) => (v === undefined || v === null || v === '' ? 'pilot' : v), SelfRegisterRole),
    firstName: requiredText('First name', AUTH_LIMITS.name),
    lastName: requiredText('Last name', AUTH_LIMITS.name),
    email,
    password: passwordSchema,
    phone,
    location: optionalText('Location', AUTH_LIMITS.location),
    certificationNumber,
    yearsExperience: optionalNumber('Years of experience', AUTH_LIMITS.maxYearsExperience, true),
    serviceRadius: optionalNumber('Service radius', AUTH_LIMITS.maxServiceRadius, true),
    hourlyRate: optionalNumber('Hourly rate', AUTH_LIMITS.maxHourlyRate, false),
  })
  // Mechanic fields mean nothing on a pilot's account: dropped rather than stored.
  .transform((v) =>
    v.role === 'mechanic'
      ? v
      : { ...v, certificationNumber: null, yearsExperience: null, serviceRadius: null, hourlyRate: null },
  );

export type RegisterInput = z.input<typeof RegisterSchema>;
export type RegisterData = z.output<typeof RegisterSchema>;

/** Sign-in checks presence and shape only; the password policy applies when one is chosen. */
export const LoginSchema = z.object({
  email,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(1024, 'Password must be at most 1024 characters'),
});

export type LoginData = z.output<typeof LoginSchema>;

/** POST /api/auth/login and /api/auth/register. */
export interface AuthResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  user: PublicUser;
}

/** The sign-up form's starting values: every field as the inputs hold it. */
export const REGISTER_FORM_DEFAULTS = {
  role: 'pilot',
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  phone: '',
  location: '',
  certificationNumber: '',
  yearsExperience: '',
  serviceRadius: '',
  hourlyRate: '',
} as const;

/** Password reset links: valid this long, used once (docs/decisions/0091-password-reset.md). */
export const PASSWORD_RESET = { ttlMinutes: 30, path: '/reset-password' } as const;

/** POST /api/auth/password: change the password of the signed-in user. */
export const ChangePasswordSchema = z.object({
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(1024, 'Current password must be at most 1024 characters'),
  newPassword: passwordSchema,
});
export type ChangePasswordInput = z.input<typeof ChangePasswordSchema>;

/** POST /api/auth/password-reset: ask for a reset link. */
export const PasswordResetRequestSchema = z.object({ email });
export type PasswordResetRequestInput = z.input<typeof PasswordResetRequestSchema>;

/** POST /api/auth/password-reset/confirm: set a new password with the link's token. */
export const PasswordResetConfirmSchema = z.object({
  token: z
    .string({ error: 'Reset token is required' })
    .trim()
    .min(1, 'Reset token is required')
    .max(200, 'Reset token is not valid'),
  newPassword: passwordSchema,
});
export type PasswordResetConfirmInput = z.input<typeof PasswordResetConfirmSchema>;

export const SESSION_MESSAGES = {
  loggedOut: 'You have been signed out.',
  loggedOutEverywhere: 'You have been signed out on every device.',
  passwordChanged: 'Your password has been changed. Other sessions have been signed out.',
  wrongCurrentPassword: 'Current password is incorrect',
  resetRequested:
    'If an account exists for that address, we have emailed a link to reset its password. The link works once, for 30 minutes.',
  resetInvalid: 'This reset link is invalid, already used or expired. Please ask for a new one.',
  resetDone: 'Your password has been reset. You are now signed in.',
} as const;
