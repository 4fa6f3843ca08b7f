import { describe, expect, it } from 'vitest';
import { statusInfo, statusLabel, statusTone } from '../../src/contract/status.ts';

describe('status labels (docs/product.md §4)', () => {
  it.each([
    ['pending', 'Pending'],
    ['matched', 'Available'],
    ['quoted', 'Quoted'],
    ['approved', 'Approved'],
    ['in_progress', 'In Progress'],
    ['completed', 'Completed'],
    ['cancelled', 'Cancelled'],
  ])('%s shows as %s', (status, label) => {
    expect(statusLabel(status)).toBe(label);
  });
  it('shows cancelled in the destructive style', () => {
    expect(statusTone('cancelled')).toBe('destructive');
  });
  it('tells the owner of a matched request that mechanics were matched, not that it is "Available"', () => {
    expect(statusInfo('matched', 'owner')).toMatchObject({ label: 'Mechanics matched', tone: 'info' });
    expect(statusInfo('quoted', 'owner').label).toBe('Quoted');
    expect(statusInfo('matched').label).toBe('Available');
  });
  it('shows an unknown or missing status as Pending', () => {
    expect(statusInfo('archived')).toEqual(statusInfo('pending'));
    expect(statusLabel(undefined)).toBe('Pending');
    expect(statusLabel(null)).toBe('Pending');
  });
});
