import { describe, expect, it } from 'vitest';
import { LoginSchema, RegisterSchema, tooManyFailuresMessage } from '../../src/contract/auth.ts';

const form = {
  role: 'mechanic',
  firstName: ' Frank ',
  lastName: 'Wrench',
  email: ' Frank@Example.COM ',
  password: 'long-enough',
  phone: '',
  location: '',
  certificationNumber: ' 3456789 ',
  yearsExperience: '12',
  serviceRadius: '',
  hourlyRate: '95.555',
};

describe('RegisterSchema', () => {
  it('trims, lower-cases the email, converts mechanic numbers and turns empty fields into null', () => {
    expect(RegisterSchema.parse(form)).toEqual({
      role: 'mechanic',
      firstName: 'Frank',
      lastName: 'Wrench',
      email: 'frank@example.com',
      password: 'long-enough',
      phone: null,
      location: null,
      certificationNumber: '3456789',
      yearsExperience: 12,
      serviceRadius: null,
      hourlyRate: 95.56,
    });
  });

  it('nulls mechanic fields for a pilot and strips unknown fields', () => {
    const out = RegisterSchema.parse({ ...form, role: 'pilot', isAdmin: true });
    expect(out).not.toHaveProperty('isAdmin');
    expect(out).toMatchObject({
      certificationNumber: null,
      yearsExperience: null,
      serviceRadius: null,
      hourlyRate: null,
    });
  });

  it.each([
    [{ role: 'admin' }, 'Administrator accounts cannot be created by sign-up'],
    [{ role: 'owner' }, 'Role must be pilot or mechanic'],
    [{ password: '1234567' }, 'Password must be at least 8 characters'],
    [{ yearsExperience: '2.5' }, 'Years of experience must be a whole number between 0 and 80'],
    [{ serviceRadius: '6000' }, 'Service radius must be a whole number between 0 and 500'],
    [{ hourlyRate: 'cheap' }, 'Hourly rate must be a number between 0 and 10,000'],
  ])('refuses %o', (patch, message) => {
    const result = RegisterSchema.safeParse({ ...form, ...patch });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('LoginSchema', () => {
  it('accepts any non-empty password (the policy applies at sign-up)', () => {
    expect(LoginSchema.parse({ email: 'A@B.co', password: 'x' })).toEqual({ email: 'a@b.co', password: 'x' });
  });
  it('requires both fields', () => {
    expect(LoginSchema.safeParse({ email: '', password: '' }).error?.issues.map((i) => i.path[0])).toEqual([
      'email',
      'password',
    ]);
  });
});

describe('tooManyFailuresMessage', () => {
  it('says minute or minutes', () => {
    expect(tooManyFailuresMessage(1)).toBe('Too many failed sign-in attempts. Please try again in 1 minute.');
    expect(tooManyFailuresMessage(15)).toBe('Too many failed sign-in attempts. Please try again in 15 minutes.');
  });
});
