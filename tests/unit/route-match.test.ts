import { describe, expect, it } from 'vitest';
import { ROUTES, pathOf } from '../../src/contract/routes.ts';
import { matchRoute, pathSegments } from '../../src/server/http/route-match.ts';

describe('a parameter with a literal suffix (/api/calendar/:token.ics)', () => {
  const match = (path: string) => matchRoute(ROUTES.calendarFeed, pathSegments(path));

  it('names the parameter without its suffix, as pathOf writes it', () => {
    expect(match('/api/calendar/abc-123.ics')).toEqual({ token: 'abc-123' });
    expect(match(pathOf(ROUTES.calendarFeed, { params: { token: 'a b' } }))).toEqual({ token: 'a b' });
  });

  it('is not the route without the suffix, or with nothing before it', () => {
    expect(match('/api/calendar/abc-123')).toBeNull();
    expect(match('/api/calendar/.ics')).toBeNull();
    expect(match('/api/calendar/abc.ics/more')).toBeNull();
  });
});
