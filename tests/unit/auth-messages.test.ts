import { describe, expect, it } from 'vitest';
import { signInErrorMessage, signUpErrorMessage } from '../../src/features/auth/auth-messages.ts';

describe('sign-in and sign-up error messages (docs/product.md §8)', () => {
  it('maps sign-in failures', () => {
    expect(signInErrorMessage({ status: 401, detail: 'anything' })).toBe('Invalid email or password');
    expect(signInErrorMessage({ status: 500 })).toBe('Login failed. Please try again.');
    expect(signInErrorMessage({ status: 503, detail: 'The service is briefly unavailable.' })).toBe(
      'Sign-in is briefly unavailable. Please try again in a moment.',
    );
    expect(signInErrorMessage(new TypeError('Failed to fetch'))).toBe('Login failed. Please try again.');
    expect(
      signInErrorMessage({ status: 429, detail: 'Too many failed sign-in attempts. Please try again in 15 minutes.' }),
    ).toBe('Too many failed sign-in attempts. Please try again in 15 minutes.');
  });
  it('maps sign-up failures', () => {
    expect(signUpErrorMessage({ status: 400, detail: 'User already exists with this email address' })).toBe(
      'User already exists or invalid data',
    );
    expect(signUpErrorMessage({ status: 0 })).toBe('Registration failed. Please try again.');
    expect(signUpErrorMessage({ status: 503 })).toBe('Registration failed. Please try again.');
  });
});
