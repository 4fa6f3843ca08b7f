import { describe, expect, it } from 'vitest';
import { describeDatabaseError, isDatabaseUnavailable } from './unavailable.ts';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('is true for an unreachable, stopped, frozen, overloaded or timed-out database', () => {
    expect(isDatabaseUnavailable(pgError('ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Query read timeout'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(pgError('57P01', 'terminating connection due to administrator command'))).toBe(true);
    expect(isDatabaseUnavailable(pgError('57P03', 'the database system is starting up'))).toBe(true);
    expect(isDatabaseUnavailable(pgError('53300', 'too many connections'))).toBe(true);
    expect(isDatabaseUnavailable(pgError('57014', 'canceling statement due to statement timeout'))).toBe(true);
    expect(isDatabaseUnavailable(pgError('55P03', 'canceling statement due to lock timeout'))).toBe(true);
    expect(isDatabaseUnavailable(pgError('08006'))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([pgError('ECONNREFUSED')]))).toBe(true);
    expect(isDatabaseUnavailable(new Error('failed', { cause: pgError('ECONNRESET') }))).toBe(true);
    expect(isDatabaseUnavailable(new Event('error'))).toBe(true); // Neon's WebSocket
  });

  it('is false for bugs and for answers about the data', () => {
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable(pgError('23505', 'duplicate key value'))).toBe(false);
    expect(isDatabaseUnavailable(pgError('42P01', 'relation does not exist'))).toBe(false);
    expect(isDatabaseUnavailable(pgError('40001', 'could not serialize access'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});

describe('describeDatabaseError', () => {
  it('names the code and reason, never a connection string', () => {
    expect(describeDatabaseError(pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'))).toBe(
      'ECONNREFUSED connect ECONNREFUSED 127.0.0.1:5432',
    );
    expect(describeDatabaseError(new Error('bad postgres://user:secret@db.example.com/app'))).toBe(
      'bad [database url]',
    );
  });
});
