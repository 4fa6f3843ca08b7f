import { chromium, type Page } from '@playwright/test';

export interface DashboardTiming {
  role: string;
  /** The browser profile: a 390 px phone (touch, 3x) or a 1366 px desktop. */
  profile: 'phone 390' | 'desktop 1366';
  /** Milliseconds from the "Sign in" click to the dashboard usable: tabs and the open tab's data rendered. */
  runs: number[];
  median: number;
  max: number;
  /** Click to the sign-in answer's last byte (the password hash is nearly all of it), median. */
  answerMedian: number;
  /** The sign-in answer to usable, median: what the product adds after the hash (budget <= 400 ms). */
  afterAnswerMedian: number;
  /** The requests of the last run, relative to the click: the waterfall printed in RESULTS.md. */
  waterfall: WaterfallRow[];
}

export interface WaterfallRow {
  what: string;
  start: number;
  end: number;
}

export interface Login {
  role: string;
  email: string;
  password: string;
}

export const PROFILES = [
  {
    name: 'phone 390' as const,
    options: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
  },
  { name: 'desktop 1366' as const, options: { viewport: { width: 1366, height: 900 } } },
];

/** The dashboard's own sections, not the Sign In / Sign Up tabs of the entry screen. */
export const SECTIONS_TABLIST =
  '[role="tablist"][aria-label="Dashboard sections"], [role="tablist"][aria-label="Admin sections"]';

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Waits until the dashboard's sections are on screen, the open one shows data, and nothing says "Loading". */
export async function waitUsable(page: Page): Promise<void> {
  await page.waitForFunction(
    (tablist) => {
      const list = document.querySelector(tablist);
      const tabs = list?.querySelectorAll('[role="tab"]') ?? [];
      // The open tab's panel: the console renders a hidden, empty panel for every other tab, and its
      // first one in the page is no longer the open one since the Inbox became its home.
      const panel = document.querySelector('[role="tabpanel"]:not([hidden])');
      const loading = [...document.querySelectorAll('[role="status"]')].some((el) =>
        /Loading/i.test(el.textContent ?? ''),
      );
      return tabs.length > 0 && panel !== null && (panel.textContent ?? '').trim().length > 0 && !loading;
    },
    SECTIONS_TABLIST,
    { timeout: 60_000, polling: 'raf' },
  );
}

/**
 * Opens the sign-in form at `url`, fills it as soon as the island is hydrated and clicks "Sign In";
 * resolves with the click's and the usable dashboard's times on the page's performance clock.
 */
export async function signIn(page: Page, url: string, login: Login): Promise<{ started: number; ended: number }> {
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  // Hydrated: Astro drops an island's `ssr` attribute once React owns it (a click before would
  // submit the bare HTML form).
  await page.locator('astro-island:not([ssr])').first().waitFor({ state: 'attached' });
  await page.getByLabel('Email').fill(login.email);
  await page.getByLabel('Password').fill(login.password);
  const button = page.getByRole('button', { name: 'Sign In', exact: true });
  await button.waitFor();
  const started = await page.evaluate(() => performance.now());
  await button.click();
  await waitUsable(page);
  const ended = await page.evaluate(() => performance.now());
  return { started, ended };
}

/** Every request the page made after `since` (its performance clock), from Resource Timing. */
function requestsAfter(page: Page, since: number): Promise<WaterfallRow[]> {
  return page.evaluate(
    (t0) =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((e) => e.startTime >= t0 - 1)
        .map((e) => {
          const url = new URL(e.name);
          return { what: url.pathname + url.search, start: e.startTime - t0, end: e.responseEnd - t0 };
        }),
    since,
  );
}

/**
 * Signs in through the real sign-in form in Chromium and times how long the dashboard takes to be
 * usable. The person clicks as soon as the form is on screen (a password manager fills it at once),
 * not after the page went idle: what the sign-in page fetches while it waits then counts. The first
 * run of each role and profile warms the browser cache like a returning visitor's; each run is a new
 * browser context (no stored session). Each role at a phone's 390 px and at 1366 px.
 */
export async function measureDashboards(
  origin: string,
  logins: Login[],
  executablePath: string,
  runs = 5,
): Promise<DashboardTiming[]> {
  const browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const out: DashboardTiming[] = [];
  try {
    for (const login of logins) {
      for (const profile of PROFILES) {
        const entry = login.role === 'admin' ? '/admin' : '/dashboard';
        const times: number[] = [];
        const answers: number[] = [];
        let waterfall: WaterfallRow[] = [];
        // One warm-up run (not counted) fills the HTTP cache as a returning visitor's browser has it.
        for (let run = -1; run < runs; run += 1) {
          const context = await browser.newContext(profile.options);
          const page = await context.newPage();
          const { started, ended } = await signIn(page, origin + entry, login);
          const rows = await requestsAfter(page, started);
          const answer = rows.find((r) => r.what.startsWith('/api/auth/login'));
          if (run >= 0) {
            times.push(ended - started);
            answers.push(answer?.end ?? NaN);
            waterfall = [...rows.filter((r) => r.start <= ended - started)].sort((a, b) => a.start - b.start);
            waterfall.push({ what: 'usable', start: ended - started, end: ended - started });
          }
          await context.close();
        }
        out.push({
          role: login.role,
          profile: profile.name,
          runs: times,
          median: median(times),
          max: Math.max(...times),
          answerMedian: median(answers),
          afterAnswerMedian: median(times.map((t, i) => t - answers[i]!)),
          waterfall,
        });
      }
    }
  } finally {
    await browser.close();
  }
  return out;
}
