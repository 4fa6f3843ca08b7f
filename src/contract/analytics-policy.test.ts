import { describe, expect, it } from 'vitest';
import { config } from '../../netlify/edge-functions/analytics-csp.ts';
import { ANALYTICS_PATHS, isAnalyticsPath, withAnalyticsSources } from './analytics-policy.ts';
import { MeasurementIdSchema } from './analytics.ts';

describe('Google Analytics on the public pages (docs/decisions/0275)', () => {
  it('runs the edge function on exactly the pages the banner may show on', () => {
    expect(config.path).toEqual([...ANALYTICS_PATHS]);
    for (const path of ['/', '/blog', '/blog/page/2', '/blog/a-post']) expect(isAnalyticsPath(path), path).toBe(true);
    for (const path of ['/admin', '/dashboard', '/login', '/reset-password', '/blogger', '/api/site/settings'])
      expect(isAnalyticsPath(path), path).toBe(false);
  });

  it('adds the sources to the three directives once, and adds a directive the policy lacks', () => {
    const policy = "default-src 'self'; script-src 'self' 'sha256-x'; connect-src 'self'";
    const once = withAnalyticsSources(policy, 'http://127.0.0.1:7000');
    expect(once).toBe(
      "default-src 'self'; script-src 'self' 'sha256-x' http://127.0.0.1:7000; connect-src 'self' http://127.0.0.1:7000; img-src 'self' http://127.0.0.1:7000",
    );
    expect(withAnalyticsSources(once, 'http://127.0.0.1:7000')).toBe(once);
  });

  it('takes GA4 measurement IDs only', () => {
    expect(MeasurementIdSchema.parse(' g-ab12cd34 ')).toBe('G-AB12CD34');
    for (const bad of ['', 'UA-1234-1', 'GTM-ABCD12', 'G-12', 'G-ABCD 1234', 'AW-123456789'])
      expect(MeasurementIdSchema.safeParse(bad).success, bad).toBe(false);
  });
});
