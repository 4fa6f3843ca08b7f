import { chromium, type Page } from '@playwright/test';
import { median, PROFILES, SECTIONS_TABLIST, signIn, type Login } from './dashboards.ts';

export interface SectionTiming {
  role: string;
  profile: (typeof PROFILES)[number]['name'];
  /** The tab's label as the person reads it. */
  section: string;
  /** Milliseconds from pressing the tab to its content on screen, the first time it is opened. */
  first: number[];
  /** The same, when it is opened again after other tabs. */
  again: number[];
  firstMedian: number;
  againMedian: number;
}

/**
 * Resolves once no resource has started for `quietMs` (at most `maxMs`): the moment a person who
 * has just seen the dashboard reaches for a tab, after the page fetched what it fetches when idle.
 */
async function waitQuiet(page: Page, quietMs = 500, maxMs = 5_000): Promise<void> {
  await page.waitForFunction(
    ({ quiet, max }) => {
      const entries = performance.getEntriesByType('resource');
      const last = entries.length ? Math.max(...entries.map((e) => e.startTime)) : 0;
      const w = window as unknown as { quietSince?: number };
      w.quietSince ??= performance.now();
      return performance.now() - last >= quiet || performance.now() - w.quietSince >= max;
    },
    { quiet: quietMs, max: maxMs },
    { polling: 100, timeout: maxMs + 5_000 },
  );
}

/**
 * Presses a tab with the mouse (Radix tabs open on pointer down) and returns the milliseconds from
 * the press to the tab's panel showing content with nothing in the page saying "Loading". Both ends
 * are read on the page's clock: the press by a capturing listener, the end inside the polling check.
 */
async function openTab(page: Page, name: string): Promise<number> {
  await page.evaluate(() => {
    const w = window as unknown as { pressedAt?: number | undefined; shownAt?: number | undefined };
    w.pressedAt = undefined;
    w.shownAt = undefined;
    document.addEventListener('pointerdown', () => (w.pressedAt ??= performance.now()), {
      capture: true,
      once: true,
    });
  });
  await page.locator(SECTIONS_TABLIST).getByRole('tab', { name, exact: false }).first().click();
  await page.waitForFunction(
    ({ label, tablist }) => {
      const w = window as unknown as { pressedAt?: number; shownAt?: number };
      const list = document.querySelector(tablist);
      const tab = [...(list?.querySelectorAll('[role="tab"]') ?? [])].find((t) =>
        (t.textContent ?? '').trim().startsWith(label),
      );
      if (!tab || tab.getAttribute('aria-selected') !== 'true') return false;
      const panelId = tab.getAttribute('aria-controls');
      const panel = panelId ? document.getElementById(panelId) : null;
      const loading = [...document.querySelectorAll('main [role="status"]')].some((el) =>
        /Loading/i.test(el.textContent ?? ''),
      );
      if (!panel || panel.hidden || (panel.textContent ?? '').trim().length === 0 || loading) return false;
      w.shownAt = performance.now();
      return true;
    },
    { label: name, tablist: SECTIONS_TABLIST },
    { polling: 'raf', timeout: 30_000 },
  );
  return page.evaluate(() => {
    const w = window as unknown as { pressedAt?: number; shownAt?: number };
    return w.shownAt! - w.pressedAt!;
  });
}

/**
 * For each role and profile: signs in through the real form, waits until the page is quiet, then
 * opens every other section once (its first open: code and data fetched) and every section again
 * (its second open). One warm-up run per role and profile (a returning visitor's HTTP cache), then
 * `runs` counted runs, each a new browser context.
 */
export async function measureSections(
  origin: string,
  logins: Login[],
  executablePath: string,
  runs = 3,
): Promise<SectionTiming[]> {
  const browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const out: SectionTiming[] = [];
  try {
    for (const login of logins) {
      for (const profile of PROFILES) {
        const byTab = new Map<string, { first: number[]; again: number[] }>();
        for (let run = -1; run < runs; run += 1) {
          const context = await browser.newContext(profile.options);
          const page = await context.newPage();
          await signIn(page, origin + (login.role === 'admin' ? '/admin' : '/dashboard'), login);
          await waitQuiet(page);
          const labels = await page
            .locator(SECTIONS_TABLIST)
            .getByRole('tab')
            .evaluateAll((tabs) =>
              tabs.map((t) => ({
                // The label without a count badge ("Messages 2" is found as "Messages").
                label: (t.firstChild?.textContent ?? t.textContent ?? '').trim(),
                open: t.getAttribute('aria-selected') === 'true',
              })),
            );
          const others = labels.filter((t) => !t.open).map((t) => t.label);
          for (const label of others) {
            const ms = await openTab(page, label);
            if (run >= 0) {
              const entry = byTab.get(label) ?? { first: [], again: [] };
              entry.first.push(ms);
              byTab.set(label, entry);
            }
          }
          for (const { label } of labels) {
            const ms = await openTab(page, label);
            if (run >= 0) {
              const entry = byTab.get(label) ?? { first: [], again: [] };
              entry.again.push(ms);
              byTab.set(label, entry);
            }
          }
          await context.close();
        }
        for (const [section, t] of byTab)
          out.push({
            role: login.role,
            profile: profile.name,
            section,
            first: t.first,
            again: t.again,
            // The tab the dashboard opens with has no first open here (NaN): the sign-in bench times it.
            firstMedian: t.first.length ? median(t.first) : NaN,
            againMedian: median(t.again),
          });
      }
    }
  } finally {
    await browser.close();
  }
  return out;
}
