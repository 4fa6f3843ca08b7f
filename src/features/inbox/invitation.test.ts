import { describe, expect, it } from 'vitest';
import { invitationFromUrl } from './invitation.ts';

describe('invitationFromUrl', () => {
  it('reads the email and token of a sign-up invitation link', () => {
    expect(invitationFromUrl('?signup=1&email=ann%2Bx%40example.com&invite=abc')).toEqual({
      email: 'ann+x@example.com',
      token: 'abc',
    });
  });
  it('is nothing without the sign-up flag or the token', () => {
    expect(invitationFromUrl('?email=a@example.com&invite=abc')).toBeNull();
    expect(invitationFromUrl('?signup=1&email=a@example.com')).toBeNull();
    expect(invitationFromUrl('')).toBeNull();
  });
});
