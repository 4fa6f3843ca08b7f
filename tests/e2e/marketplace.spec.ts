import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import { approveMechanicAsAdmin, uniqueCertificateNumber } from '../helpers/e2e-admin.ts';
import { openSignedIn, type ApiSession } from '../helpers/e2e-session.ts';
import { tailNumber } from '../helpers/tail-number.ts';

// The whole marketplace flow with two people in two browsers: a pilot and a mechanic.
// Every step goes through the UI; the only shortcuts are creating the two accounts by the API and
// opening each dashboard signed in, as the sign-in form leaves a browser (the form itself:
// tests/e2e/auth.spec.ts).

const expect = baseExpect.configure({ timeout: 30_000 });
// One long walk through ~40 server calls; on a busy machine each cold function takes seconds.
test.describe.configure({ timeout: 600_000 });

const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const unique = (prefix: string) => `${prefix}.${stamp}@example.com`;
// A valid N-number (N, a digit 1-9, three more digits, one letter), unique enough per run.
const TAIL = tailNumber(stamp, 'E');
// One verified certificate number per account (docs/decisions/0350).
const CERTIFICATE = uniqueCertificateNumber();
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

async function account(browser: Browser, role: 'pilot' | 'mechanic', firstName: string, lastName: string) {
  const email = unique(role);
  const password = 'Checklist-Complete-1';
  const context = await browser.newContext();
  const page = await context.newPage();
  const res = await page.request.post('/api/auth/register', {
    data: {
      role,
      firstName,
      lastName,
      email,
      password,
      location: 'San Jose, CA',
      ...(role === 'mechanic'
        ? { certificationNumber: CERTIFICATE, yearsExperience: 15, serviceRadius: 100, hourlyRate: 110 }
        : {}),
    },
  });
  expect(res.status()).toBe(201);
  const session = (await res.json()) as ApiSession & { user: { id: string } };
  // New mechanics wait for an administrator's approval; this one is approved as the console would.
  if (role === 'mechanic') await approveMechanicAsAdmin(page.request, session.user.id);
  return openSignedIn(page, session);
}

/** Opens the bell's popover and expects a notification titled `title`; closes it again. */
async function expectNotification(page: Page, title: string) {
  await expect(page.getByRole('button', { name: /Notifications, \d+ unread/ })).toBeVisible();
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.getByRole('dialog').getByText(title).first()).toBeVisible();
  await page.keyboard.press('Escape');
}

test('pilot and mechanic: aircraft, request, match, bid, accept, confirm, start, complete, rate, notifications', async ({
  browser,
}) => {
  // --- The pilot adds an aircraft and requests a service at Palo Alto (KPAO).
  const pilot = await account(browser, 'pilot', 'Amelia', `Flyer${stamp.slice(-4)}`);
  await expect(pilot.getByRole('heading', { name: 'Welcome, Amelia' })).toBeVisible();
  for (const tab of ['Overview', 'Service Requests', 'My Aircraft', 'Appointments', 'Documents', 'Notifications']) {
    await expect(pilot.getByRole('tab', { name: new RegExp(`^${tab}`) })).toBeVisible();
  }
  await expect(pilot.getByText('Pilot/Aircraft Owner')).toBeVisible();
  await expect(pilot.getByText('Active Requests')).toBeVisible();

  await pilot.getByRole('button', { name: 'Add Aircraft' }).click();
  const addDialog = pilot.getByRole('dialog', { name: 'Add New Aircraft' });
  await addDialog.getByLabel(/Tail Number/).fill(TAIL);
  await addDialog.getByLabel(/Make/).fill('Cessna');
  await addDialog.getByLabel(/Model/).fill('172S Skyhawk');
  await addDialog.getByLabel('Year').fill('2008');
  await addDialog.getByLabel('Total Hours').fill('2140.5');
  await addDialog.getByRole('button', { name: 'Add Aircraft' }).click();
  await expect(pilot.getByText('Aircraft added successfully!')).toBeVisible();
  await expect(addDialog).toBeHidden();

  await pilot.getByRole('button', { name: 'Request Service' }).first().click();
  const requestDialog = pilot.getByRole('dialog', { name: 'Request Aircraft Service' });
  // The new aircraft is preselected and fills the aircraft fields.
  await expect(requestDialog.getByLabel(/Tail Number/)).toHaveValue(TAIL);
  await requestDialog.getByLabel(/Aircraft Location/).fill('KPAO');
  await requestDialog.getByLabel(/Service Type/).selectOption('annual_inspection');
  await expect(requestDialog.getByLabel('Urgency')).toHaveValue('normal');
  await requestDialog.getByLabel(/Service Description/).fill('Annual due; oil seep at the rocker covers.');
  // One location stands for both; the saved aircraft's identity is not retyped.
  await expect(requestDialog.getByLabel(/Service Location/)).toHaveCount(0);
  await expect(requestDialog.getByLabel(/Tail Number/)).not.toBeEditable();
  await requestDialog.getByLabel(/Estimated Budget/).fill('2500');
  await requestDialog.getByRole('button', { name: 'Submit Request' }).click();
  await expect(pilot.getByText('Quote request submitted! Matching with mechanics...')).toBeVisible();
  const pilotRequest = pilot
    .getByRole('listitem')
    .filter({ has: pilot.getByRole('heading', { name: `Annual Inspection · ${TAIL}` }) });
  await expect(pilotRequest).toBeVisible();

  // --- The mechanic signs in: no profile yet, so the setup dialog opens. Base KSJC, 100 mi.
  const mechanic = await account(browser, 'mechanic', 'Marco', `Wrench${stamp.slice(-4)}`);
  await expect(mechanic.getByText('Welcome, Marco')).toBeVisible();
  const setup = mechanic.getByRole('dialog', { name: 'Mechanic Profile Setup' });
  await expect(setup).toBeVisible();
  await expect(setup.getByText('Complete your professional profile to start receiving service requests')).toBeVisible();
  await expect(setup.getByLabel(/A&P Certificate Number/)).toHaveValue(CERTIFICATE);
  await setup.getByLabel(/Hourly Rate/).fill('115');
  await setup.getByLabel(/Service Radius/).fill('100');
  await setup.getByLabel(/Base Location/).fill('KSJC');
  await setup.getByRole('button', { name: 'Save Profile' }).click();
  await expect(mechanic.getByText('Mechanic profile created successfully!')).toBeVisible();
  await expect(setup).toBeHidden();
  await expect(mechanic.getByText('A&P Mechanic')).toBeVisible();
  // No rating yet: the overview says so instead of a perfect score.
  await expect(mechanic.getByText('Rating', { exact: true }).locator('..')).toContainText('New · no ratings yet');

  // The request was waiting; the new profile matches it. The mechanic quotes on it.
  await mechanic.getByRole('tab', { name: 'Service Requests' }).click();
  await expect(mechanic.getByText('Available service requests matched to your profile')).toBeVisible();
  const card = mechanic.getByRole('listitem').filter({ hasText: TAIL });
  await expect(card.getByText(`Amelia Flyer${stamp.slice(-4)}`)).toBeVisible();
  await expect(card.getByText('Available')).toBeVisible();
  await card.getByRole('button', { name: /Submit Quote/ }).click();
  const quote = mechanic.getByRole('dialog', { name: 'Submit Quote' });
  await expect(quote.getByText('Provide your quote for this service request')).toBeVisible();
  await expect(quote.getByLabel('Warranty (days)')).toHaveValue('90');
  // A negative cost while typing shows no total rather than a negative one.
  await quote.getByLabel(/Parts Cost/).fill('-150');
  await expect(quote.getByText('-$150.00')).toHaveCount(0);
  await expect(quote.getByText('Total (labor + parts)').locator('..')).toContainText('—');
  // Notes show their limit as they near it, and say so at the limit.
  const notes = quote.getByLabel('Additional Notes');
  await notes.fill('x'.repeat(1700));
  await expect(quote.getByText('1,700 / 2,000')).toBeVisible();
  await notes.fill('y'.repeat(2000));
  await expect(quote.getByText('Limit reached: 2,000 characters')).toBeVisible();
  await notes.fill('Gaskets in stock.');
  await expect(quote.getByText(/ \/ 2,000|Limit reached/)).toHaveCount(0);
  await quote.getByLabel(/Labor Cost/).fill('1200');
  await quote.getByLabel(/Parts Cost/).fill('350.50');
  await quote.getByLabel(/Estimated Hours/).fill('10.5');
  await quote.getByLabel(/Available Start Date/).fill(inDays(7));
  await quote.getByLabel(/Est. Completion Date/).fill(inDays(8));
  await expect(quote.getByText('$1,550.50')).toBeVisible();
  await quote.getByRole('button', { name: 'Submit Quote' }).click();
  await expect(mechanic.getByText('Quote submitted successfully!')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Quote Submitted' })).toBeDisabled();

  // --- The pilot is told, compares and accepts (after confirming).
  await pilot.reload();
  await expectNotification(pilot, 'New quote received');
  await pilot.getByRole('tab', { name: 'Service Requests' }).click();
  await expect(pilotRequest.getByText('Quoted')).toBeVisible();
  const bid = pilotRequest.getByRole('listitem').filter({ hasText: `Marco Wrench${stamp.slice(-4)}` });
  await expect(bid.getByText('$1,550.50')).toBeVisible();
  await expect(bid.getByText('90 days')).toBeVisible();
  await expect(bid.getByText('New · no ratings yet')).toBeVisible();
  await expect(bid.getByRole('img', { name: /out of 5 stars/ })).toHaveCount(0);
  await bid.getByRole('button', { name: /^Accept/ }).click();
  await pilot
    .getByRole('alertdialog', { name: 'Accept this quote?' })
    .getByRole('button', { name: 'Accept Quote' })
    .click();
  await expect(pilot.getByText(/^Quote accepted\./)).toBeVisible();
  await expect(pilotRequest.getByText('Approved', { exact: true })).toBeVisible();

  // --- The mechanic is told, then confirms, starts and completes the job.
  await mechanic.reload();
  await expectNotification(mechanic, 'Quote accepted');
  await mechanic.getByRole('tab', { name: 'Appointments' }).click();
  const job = mechanic.getByRole('listitem').filter({ hasText: TAIL });
  await job.getByRole('button', { name: 'Confirm' }).click();
  await expect(job.getByText('Confirmed')).toBeVisible();
  await job.getByRole('button', { name: 'Start Work' }).click();
  // The job is a week out: starting early asks first.
  const early = mechanic.getByRole('alertdialog', { name: 'Start work before the scheduled day?' });
  await expect(early).toContainText(/\b[67] days from today/);
  await early.getByRole('button', { name: 'Start Work Now' }).click();
  await expect(job.getByText('In Progress')).toBeVisible();
  await job.getByRole('button', { name: 'Complete Job' }).click();
  const done = mechanic.getByRole('alertdialog', { name: 'Mark this job completed?' });
  await done.getByLabel(/Work performed/).fill('Annual complete; rocker cover gaskets replaced.');
  await done.getByRole('button', { name: 'Complete Job' }).click();
  await expect(job.getByText('Completed', { exact: true })).toBeVisible();

  // --- The pilot sees it completed and rates it 5 stars.
  await pilot.reload();
  await expectNotification(pilot, 'Job completed');
  await pilot.getByRole('tab', { name: 'Appointments' }).click();
  const appointment = pilot.getByRole('listitem').filter({ hasText: TAIL });
  await expect(appointment.getByText('Completed', { exact: true })).toBeVisible();
  await appointment.getByRole('button', { name: 'Rate' }).click();
  const rate = pilot.getByRole('dialog', { name: 'Rate this job' });
  // The stars are a radio group: its label is what a person clicks.
  await rate.locator('label', { hasText: '5 stars' }).click();
  await expect(rate.getByRole('radio', { name: '5 stars' })).toBeChecked();
  await rate.getByRole('button', { name: 'Submit Rating' }).click();
  await expect(pilot.getByText('Thank you for rating the job!')).toBeVisible();
  await expect(appointment.getByRole('img', { name: '5 out of 5 stars' })).toBeVisible();

  // --- The mechanic's profile and earnings reflect the job.
  await mechanic.reload();
  await expectNotification(mechanic, 'New rating');
  // A reload keeps the section it was on (Appointments): the counters are on the Overview.
  await mechanic.getByRole('tab', { name: 'Overview' }).click();
  await expect(mechanic.getByText('Completed Jobs').locator('..')).toContainText('1');
  await expect(mechanic.getByText('Rating', { exact: true }).locator('..')).toContainText('5.0');
  await mechanic.getByRole('tab', { name: 'Earnings' }).click();
  await expect(mechanic.getByText('Total Earned').locator('..')).toContainText('$1,550.50');
});
