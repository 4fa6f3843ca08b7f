import {
  ChangePasswordSchema,
  LoginSchema,
  PasswordResetConfirmSchema,
  PasswordResetRequestSchema,
  RegisterSchema,
  type AuthResponse,
  type PublicUser,
} from '../auth.ts';
import { type Done, route, type RouteSpec } from './route.ts';

/** Sign-in and accounts: its part of the route table (`src/contract/routes.ts` composes them). */
export const ROUTES = {
  authRegister: route<AuthResponse>()({
    method: 'POST',
    path: '/api/auth/register',
    access: 'public',
    input: RegisterSchema,
  }),
  authLogin: route<AuthResponse>()({ method: 'POST', path: '/api/auth/login', access: 'public', input: LoginSchema }),
  authMe: route<{ user: PublicUser }>()({ method: 'GET', path: '/api/auth/me', access: 'signedIn' }),
  authLogout: route<Done>()({ method: 'POST', path: '/api/auth/logout', access: 'signedIn' }),
  authLogoutAll: route<Done>()({ method: 'POST', path: '/api/auth/logout-all', access: 'signedIn' }),
  authPassword: route<AuthResponse>()({
    method: 'POST',
    path: '/api/auth/password',
    access: 'signedIn',
    input: ChangePasswordSchema,
  }),
  authPasswordReset: route<Done>()({
    method: 'POST',
    path: '/api/auth/password-reset',
    access: 'public',
    input: PasswordResetRequestSchema,
  }),
  authPasswordResetConfirm: route<AuthResponse>()({
    method: 'POST',
    path: '/api/auth/password-reset/confirm',
    access: 'public',
    input: PasswordResetConfirmSchema,
  }),
} as const satisfies Record<string, RouteSpec>;
