import { AUTH_MESSAGES } from '../../contract/auth.ts';

/** The parts of a failed call the messages depend on (an ApiError fits). */
export interface CallFailure {
  status: number;
  detail?: string | undefined;
}

const failure = (error: unknown): CallFailure =>
  error && typeof error === 'object' && typeof (error as CallFailure).status === 'number'
    ? (error as CallFailure)
    : { status: 0 };

/**
 * docs/product.md §8, sign-in: 401 'Invalid email or password', anything else 'Login failed. Please
 * try again.'; a 429 shows the server's sentence, which says how long to wait.
 */
export function signInErrorMessage(error: unknown): string {
  const { status, detail } = failure(error);
  if (status === 401) return AUTH_MESSAGES.invalidCredentials;
  if (status === 429 && detail) return detail;
  if (status === 503) return AUTH_MESSAGES.loginUnavailable;
  return AUTH_MESSAGES.loginFailed;
}

/** docs/product.md §8, sign-up: 400 'User already exists or invalid data', else 'Registration failed...'. */
export function signUpErrorMessage(error: unknown): string {
  const { status, detail } = failure(error);
  if (status === 400) return AUTH_MESSAGES.registerInvalid;
  if (status === 429 && detail) return detail;
  return AUTH_MESSAGES.registerFailed;
}
