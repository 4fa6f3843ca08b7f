import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import { approveMechanicAsAdmin, uniqueCertificateNumber } from '../helpers/e2e-admin.ts';
import { openSignedIn, type ApiSession } from '../helpers/e2e-session.ts';
import { withE2eDatabase } from '../helpers/e2e-db.ts';
import { tailNumber } from '../helpers/tail-number.ts';

// Conversations in a browser, on a phone (390 px): a mechanic asks the owner a question from the request
// card, the owner answers with a photo, the mechanic's open thread shows it within 3 s, and a
// message left unread reaches the owner as a digest email in the local mail catcher; then the
// thread on a desktop (1366 px). The digest's clock is moved by dating the unread message 11
// minutes back.

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

const password = 'Talk-About-The-Job-1';
// A tiny valid PNG (1x1), checked by its bytes on upload.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A zone where it is now daytime, so the reader's quiet hours (21:00-07:00) do not hold the digest. */
function daytimeZone(): string {
  return ['UTC', 'America/Los_Angeles', 'Asia/Tokyo', 'Europe/Paris', 'Pacific/Auckland', 'America/New_York'].find(
    (zone) => {
      const hour = Number(
        new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', hourCycle: 'h23' }).format(new Date()),
      );
      return hour >= 8 && hour < 19;
    },
  )!;
}

test('question, answer with a photo, digest email (phone, 390 px), the thread on a desktop (1366 px)', async ({
  browser,
  baseURL,
}, testInfo) => {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}p`;
  const tail = tailNumber(stamp, 'CP');
  const context = (zone?: string) =>
    browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      ...(zone ? { timezoneId: zone } : {}),
      ...(baseURL ? { baseURL } : {}),
    });

  async function account(b: Browser, role: 'pilot' | 'mechanic', firstName: string, zone?: string) {
    void b;
    const email = `${firstName.toLowerCase()}.talk.${stamp}@example.com`;
    const page = await (await context(zone)).newPage();
    const res = await page.request.post('/api/auth/register', {
      data: {
        role,
        firstName,
        lastName: 'Talker',
        email,
        password,
        location: 'Missoula, MT',
        ...(role === 'mechanic'
          ? { certificationNumber: '4567890', yearsExperience: 9, serviceRadius: 10, hourlyRate: 90 }
          : {}),
      },
    });
    expect(res.status()).toBe(201);
    const body = (await res.json()) as { access_token: string; user: { id: string } };
    const headers = { authorization: `Bearer ${body.access_token}` };
    if (role === 'mechanic') {
      await approveMechanicAsAdmin(page.request, body.user.id);
      expect(
        (
          await page.request.post('/api/enhanced/mechanic-profile', {
            headers,
            data: {
              apNumber: `A&P ${uniqueCertificateNumber()}`,
              hourlyRate: '90',
              serviceRadius: '10',
              baseLocation: 'KMSO',
            },
          })
        ).status(),
      ).toBe(201);
    }
    return { page, email, headers, session: body };
  }
  /** Signed in as the form leaves a browser (the form itself: tests/e2e/auth.spec.ts). */
  async function signIn(who: { page: Page; session: ApiSession }) {
    await openSignedIn(who.page, who.session);
  }

  const mechanic = await account(browser, 'mechanic', 'Mick');
  const pilot = await account(browser, 'pilot', 'Polly', daytimeZone());
  const created = await pilot.page.request.post('/api/enhanced/quotes', {
    headers: pilot.headers,
    data: {
      aircraftMake: 'Cessna',
      aircraftModel: '172N',
      aircraftTailNumber: tail,
      aircraftLocation: 'KMSO',
      serviceLocation: 'KMSO',
      serviceType: 'hundred_hour',
      serviceDescription: '100-hour due; alternator light flickers.',
      urgencyLevel: 'normal',
    },
  });
  expect(created.status()).toBe(201);

  // --- The mechanic asks from the request card, before quoting.
  const m = mechanic.page;
  await signIn(mechanic);
  await m.getByRole('tab', { name: 'Service Requests' }).click();
  await m
    .getByRole('listitem')
    .filter({ hasText: tail })
    .getByRole('button', { name: /Ask a question/ })
    .click();
  await expect(m.getByRole('tab', { name: /Messages/ })).toHaveAttribute('aria-selected', 'true');
  const mThread = m.locator('[data-thread]');
  await expect(mThread.getByText('No messages yet')).toBeVisible();
  const box = mThread.getByRole('textbox', { name: 'Message' });
  // Contact details: the writer is told before sending.
  await box.fill('Call me at 406-555-0199 to talk it over.');
  await expect(mThread.locator('[data-mask-notice]')).toContainText('hidden until a quote is accepted');
  await box.fill('Does the light flicker at idle only? Could you send a photo of the ammeter?');
  await expect(mThread.locator('[data-mask-notice]')).toHaveCount(0);
  await mThread.getByRole('button', { name: 'Send' }).click();
  await expect(mThread.locator('[data-message="mine"]')).toContainText('Does the light flicker at idle only?');
  // A phone: the thread is the whole screen, its composer at the bottom of what is visible.
  const screen = m.getByRole('dialog', { name: 'Conversation' });
  const frame = (await screen.boundingBox())!;
  expect(frame.width).toBe(390);
  const composer = (await mThread.getByRole('form', { name: 'Write a message' }).boundingBox())!;
  expect(composer.y + composer.height).toBeLessThanOrEqual(frame.height + 1);
  expect(composer.y + composer.height).toBeGreaterThan(frame.height - 4);
  expect(await m.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // --- The owner sees one unread message (bell and tab) and answers with a photo.
  const p = pilot.page;
  await signIn(pilot);
  // The Messages tab counts the one unread message; the bell counts it with the notices, and says so.
  await expect(p.getByRole('tab', { name: /Messages/ })).toHaveText('Messages1');
  await p.getByTestId('notification-bell').click();
  await expect(p.locator('[data-bell-messages]')).toHaveText('1 unread message');
  await p.keyboard.press('Escape');
  await p.getByRole('tab', { name: /Messages/ }).click();
  await p.locator('[data-thread-item]').filter({ hasText: 'Mick Talker' }).click();
  const pThread = p.locator('[data-thread]');
  await expect(pThread.locator('[data-message="theirs"]')).toContainText('Could you send a photo of the ammeter?');
  await pThread
    .locator('[data-attach-input]')
    .setInputFiles({ name: 'ammeter.png', mimeType: 'image/png', buffer: PNG });
  await expect(pThread.getByRole('list', { name: 'Attached files' })).toContainText('ammeter.png');
  await pThread.getByRole('textbox', { name: 'Message' }).fill('Only at idle after a long taxi. Photo attached.');
  await pThread.getByRole('button', { name: 'Send' }).click();
  await expect(pThread.locator('[data-message="mine"]')).toContainText('Photo attached.');
  // Stored and answered: from here the other side's open thread has 3 s.
  const sentAt = Date.now();

  // --- The mechanic's open thread shows it, photo included, within 3 s (no reload).
  await expect(mThread.locator('[data-message="theirs"]')).toContainText('Photo attached.', { timeout: 3_000 });
  expect(Date.now() - sentAt).toBeLessThan(3_000);
  await expect(mThread.locator('[data-attachment-image]')).toBeVisible();
  await m.screenshot({ path: testInfo.outputPath(`thread-phone.png`) });

  // --- The owner leaves; a follow-up waits unread; 11 minutes later it is in her inbox.
  await p.context().close();
  await mThread.getByRole('textbox', { name: 'Message' }).fill('Thanks! I can come Tuesday morning.');
  await mThread.getByRole('button', { name: 'Send' }).click();
  await expect(mThread.locator('[data-message="mine"]').last()).toContainText('Tuesday morning');
  await withE2eDatabase((db) =>
    db.query(
      `update conversation_messages set created_at = created_at - interval '11 minutes'
          where conversation_id in (select c.id from conversations c join service_requests r on r.id = c.service_request_id where r.aircraft_tail_number = $1)`,
      [tail],
    ),
  );
  const catcher = `http://localhost:${Number(new URL(baseURL!).port) + 1000}`;
  // The digest and then the outbox run every minute on their schedules; the local server runs
  // them now when asked, as `netlify functions:invoke` does, instead of this test waiting up to
  // two minutes for the clock.
  for (const scheduled of ['conversation-digest', 'deliver-outbox'])
    expect((await m.request.post(`/.netlify/functions/${scheduled}`)).status(), scheduled).toBe(204);
  const digest = async () => {
    const messages = (await (await m.request.get(`${catcher}/messages.json`)).json()) as {
      to: string[];
      subject: string;
      text: string;
    }[];
    return messages.find((mail) => mail.to.includes(pilot.email) && mail.subject.includes('sent you'));
  };
  // Normally there at once; a scheduled run that took the message at the same moment delivers it
  // on the next minute at the latest.
  await baseExpect.poll(digest, { timeout: 75_000 }).toBeTruthy();
  const mail = (await digest())!;
  expect(mail.subject).toBe(`Mick Talker sent you a message about ${tail} - Skyward Mobile Aviation`);
  expect(mail.text).toContain('Thanks! I can come Tuesday morning.');
  expect(mail.text).toContain('never between 21:00 and 07:00 your time');

  // --- The same thread on a desktop: the list beside the open conversation, the photo shown.
  const desk = await (
    await browser.newContext({ viewport: { width: 1366, height: 900 }, ...(baseURL ? { baseURL } : {}) })
  ).newPage();
  await openSignedIn(desk, mechanic.session);
  await desk.getByRole('tab', { name: /Messages/ }).click();
  await desk.locator('[data-thread-item]').filter({ hasText: 'Polly Talker' }).click();
  const deskThread = desk.locator('[data-thread]');
  await expect(deskThread.locator('[data-message="theirs"]')).toContainText('Photo attached.');
  await expect(deskThread.locator('[data-attachment-image]')).toBeVisible();
  expect(await desk.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);
  await desk.screenshot({ path: testInfo.outputPath('thread-desktop.png') });
});
