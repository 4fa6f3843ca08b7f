import { describe, expect, it } from 'vitest';
import { smtpPortAfterModeChange } from './admin-api-keys.ts';

describe('choosing an SMTP TLS mode', () => {
  it('fills the usual port when the field is empty or still holds the previous mode’s default', () => {
    expect(smtpPortAfterModeChange('', 'starttls', 'tls')).toBe('465');
    expect(smtpPortAfterModeChange('587', 'starttls', 'tls')).toBe('465');
    expect(smtpPortAfterModeChange('465', 'tls', 'none')).toBe('25');
  });

  it('keeps a port the administrator typed', () => {
    expect(smtpPortAfterModeChange('2525', 'starttls', 'tls')).toBe('2525');
    // 25 typed while the mode was STARTTLS is a choice, not STARTTLS's default.
    expect(smtpPortAfterModeChange('25', 'starttls', 'tls')).toBe('25');
  });
});
