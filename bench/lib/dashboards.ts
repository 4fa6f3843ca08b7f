import { chromium } from '@playwright/test';

export interface DashboardTiming {
  role: string;
  /** Milliseconds from the "Sign in" click to the dashboard usable: tabs and the open tab's data rendered. */
  runs: number[];
  median: number;
  max: number;
}

interface Login {
  role: string;
  email: string;
  password: string;
}

/**
 * Signs in through the real sign-in form in Chromium and times how long the dashboard takes to be
 * usable: the sections (tabs) are on screen, the open tab shows its data, and nothing says
 * "Loading". The first run of each role warms the browser cache like a returning visitor's; each
 * run is a new browser context (no stored session).
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
      const entry = login.role === 'admin' ? '/admin' : '/dashboard';
      const times: number[] = [];
      for (let run = 0; run < runs; run += 1) {
        const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
        const page = await context.newPage();
        await page.goto(origin + entry, { waitUntil: 'networkidle' });
        await page.getByLabel('Email').fill(login.email);
        await page.getByLabel('Password').fill(login.password);
        const button = page.getByRole('button', { name: 'Sign In', exact: true });
        const started = await page.evaluate(() => performance.now());
        await button.click();
        await page.waitForFunction(
          () => {
            // The dashboard's own sections, not the Sign In / Sign Up tabs of the entry screen.
            const list = document.querySelector(
              '[role="tablist"][aria-label="Dashboard sections"], [role="tablist"][aria-label="Admin sections"]',
            );
            const tabs = list?.querySelectorAll('[role="tab"]') ?? [];
            const panel = document.querySelector('[role="tabpanel"]');
            const loading = [...document.querySelectorAll('[role="status"]')].some((el) =>
              /Loading/i.test(el.textContent ?? ''),
            );
            return tabs.length > 0 && panel !== null && (panel.textContent ?? '').trim().length > 0 && !loading;
          },
          undefined,
          { timeout: 60_000, polling: 'raf' },
        );
        const ended = await page.evaluate(() => performance.now());
        times.push(ended - started);
        await context.close();
      }
      const sorted = [...times].sort((a, b) => a - b);
      out.push({ role: login.role, runs: times, median: sorted[Math.floor(sorted.length / 2)]!, max: sorted.at(-1)! });
    }
  } finally {
    await browser.close();
  }
  return out;
}
