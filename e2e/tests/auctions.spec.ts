import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { confirmAction, unique } from './admin-helpers';
import { newClass, PASSWORD, postOk, type Student } from './class-helpers';
import { KeyboardUser } from './keyboard-support';
import { apiToken, bearer, captureBothThemes, signIn, signOut, VIEWPORTS } from './support';

/**
 * Auctions (issue 34 item 4) end to end: a teacher puts an item up; two Students bid on their
 * phones and the lower is outbid and sees it; at the end the winner pays "Auction: {name}" and the
 * other's hold is gone (Available back). A bid by keyboard alone; every screen checked by axe.
 */

/** An auction through the API (set-up for the screens not under test), ending tomorrow. */
async function addAuction(request: APIRequestContext, admin: string, branchId: number, fields: object) {
  const endsAt = new Date(Date.now() + 86_400_000).toISOString();
  const answer = await postOk(request, admin, '/api/teller/auctions', { branchId, endsAt, ...fields });
  return (await answer.json()) as { auctionId: number; name: string };
}

async function bidByApi(request: APIRequestContext, student: Student, auctionId: number, amount: number) {
  const token = await apiToken(request, student.username, PASSWORD);
  await postOk(request, token, `/api/user/auctions/${auctionId}/bids`, {
    accountId: student.checking,
    amount,
  });
}

/** Nothing of this file stays open: cancelling releases every hold, and other files' lists stay short. */
async function cancelOpen(request: APIRequestContext, admin: string, ids: number[]) {
  for (const id of ids) await request.post(`/api/teller/auctions/${id}/cancel`, { headers: bearer(admin) });
}

/** The day and time (YYYY-MM-DD, HH:MM) the bank's clocks show `minutes` from now, rounded up to the minute. */
async function bankClockIn(request: APIRequestContext, token: string, minutes: number) {
  const bank = (await (await request.get('/api/user/bank/1', { headers: bearer(token) })).json()) as {
    timeZone: string;
  };
  const at = new Date(Math.ceil((Date.now() + minutes * 60_000) / 60_000) * 60_000);
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: bank.timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    time: `${part('hour')}:${part('minute')}`,
  };
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Side navigation' });
const auctionCard = (page: Page, name: string) => page.getByTestId('auction-card').filter({ hasText: name });

/** A Student signed in on a phone of their own (a browser context of its own). */
async function phoneOf(browser: Browser, student: Student) {
  const context = await browser.newContext({ viewport: VIEWPORTS.phone });
  const page = await context.newPage();
  await signIn(page, student.username, PASSWORD);
  return { page, close: () => context.close() };
}

/** From home, the Auctions button (the menu is behind the burger on a phone). */
async function openAuctions(page: Page) {
  await page.goto('/home');
  await page.getByRole('main').getByRole('link', { name: 'Auctions', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Auctions' })).toBeVisible();
}

/** Bid, the amount the dialog suggests (checked), Confirm: answers the dialog. */
async function bid(page: Page, name: string, suggested: string) {
  await auctionCard(page, name)
    .getByRole('button', { name: `Bid on ${name}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Bid on ${name}` });
  await expect(dialog.getByRole('textbox', { name: /^Your bid/ })).toHaveValue(suggested.slice(1));
  await expect(dialog.getByRole('radio', { name: /^CHECKING/ })).toBeChecked();
  await dialog.getByRole('button', { name: `Confirm: bid ${suggested}` }).click();
  return dialog;
}

test('a teacher puts an item up; two Students bid on phones, one is outbid; the end charges the winner', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(480_000);
  const cls = await newClass(request, 'bidder');
  const { admin, first, second } = cls;
  const name = unique('Class pet');
  let auctionId: number | undefined;
  try {
    // The teacher starts it on the computer, ending in about two minutes (bank time), for the class.
    await signIn(page, 'admin');
    await nav(page).getByRole('link', { name: 'Auctions' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Auctions' })).toBeVisible();
    await page.getByRole('button', { name: 'New Auction' }).click();
    const form = page.getByRole('region', { name: 'New auction' });
    await form.getByRole('textbox', { name: /^Name/ }).fill(name);
    await form.getByRole('textbox', { name: 'Description' }).fill('Feed the class pet for a day');
    await form.getByRole('textbox', { name: /^Starting bid/ }).fill('2');
    await form.getByRole('textbox', { name: /^Least raise/ }).fill('1');
    const end = await bankClockIn(request, admin, 2);
    await form.getByLabel(/^Ends on/).fill(end.date);
    await form.getByLabel(/^At/).fill(end.time);
    await form.getByRole('combobox', { name: 'For' }).selectOption({ label: cls.branchName });
    await form.getByRole('button', { name: 'Save Auction' }).click();
    await expect(page.getByRole('status')).toContainText(`${name} is open for bids`);
    const row = page.getByTestId('auction-row').filter({ hasText: name });
    await expect(row).toContainText('No bids');
    await expect(row).toContainText(cls.branchName);

    // Both Students have it open on their phones; the first bids the starting bid.
    const one = await phoneOf(browser, first);
    const two = await phoneOf(browser, second);
    await openAuctions(one.page);
    await openAuctions(two.page);
    await expect(auctionCard(two.page, name).getByTestId('high-bid')).toHaveText(
      'No bid yet (starts at $2.00)',
    );
    await bid(one.page, name, '$2.00');
    await expect(one.page.getByRole('status')).toContainText(`You bid $2.00 on ${name}`);
    await expect(auctionCard(one.page, name).getByTestId('my-standing')).toHaveText('You have the high bid');

    // The second sees the high bid without a reload (asked again every 5 s) and bids more.
    await expect(auctionCard(two.page, name).getByTestId('high-bid')).toHaveText('$2.00', {
      timeout: 20_000,
    });
    await bid(two.page, name, '$3.00');
    await expect(two.page.getByRole('status')).toContainText(`You bid $3.00 on ${name}`);

    // The first is outbid, sees it on the phone, and the $2.00 held is back.
    await expect(auctionCard(one.page, name).getByTestId('my-standing')).toHaveText(
      'Outbid: your money is back',
      { timeout: 20_000 },
    );
    await expect(auctionCard(one.page, name).getByTestId('high-bid')).toHaveText('$3.00');
    await one.page.goto('/home');
    await expect(one.page.getByTestId('account-card').getByTestId('account-balance')).toHaveText('$10.00');
    await expect(one.page.getByTestId('account-available')).toHaveCount(0);
    await two.page.goto('/home');
    await expect(two.page.getByTestId('account-available')).toContainText('Available $7.00');
    await expect(page.getByTestId('auction-row').filter({ hasText: name })).toContainText('$3.00', {
      timeout: 20_000,
    });
    auctionId = await idOf(request, admin, name);

    // The end: the winner pays "Auction: {name}", the other is told they did not win.
    await openAuctions(two.page);
    await openAuctions(one.page);
    await expect(two.page.getByTestId('ended-auction').filter({ hasText: name })).toContainText(
      'You won, for $3.00',
      { timeout: 240_000 },
    );
    await expect(one.page.getByTestId('ended-auction').filter({ hasText: name })).toContainText(
      'You did not win: your money is back',
      { timeout: 20_000 },
    );
    await expect(auctionCard(one.page, name)).toHaveCount(0);
    await two.page.goto(`/account/${second.checking}`);
    await expect(two.page.getByRole('main')).toContainText(`Auction: ${name}`);
    await expect(two.page.getByTestId('current-balance')).toHaveText('$7.00');
    await expect(two.page.getByTestId('available-held')).toHaveCount(0);
    await one.page.goto(`/account/${first.checking}`);
    await expect(one.page.getByTestId('current-balance')).toHaveText('$10.00');
    await expect(one.page.getByTestId('available-held')).toHaveCount(0);
    await expect(page.getByTestId('auction-row').filter({ hasText: name })).toContainText('Ended', {
      timeout: 20_000,
    });
    await expect(page.getByTestId('auction-row').filter({ hasText: name })).toContainText(second.username);
    await one.close();
    await two.close();
  } finally {
    if (auctionId !== undefined) await cancelOpen(request, admin, [auctionId]);
  }
});

async function idOf(request: APIRequestContext, admin: string, name: string): Promise<number> {
  const list = (await (await request.get('/api/user/auctions/1', { headers: bearer(admin) })).json()) as {
    auctionId: number;
    name: string;
  }[];
  return list.find((a) => a.name === name)!.auctionId;
}

test('a Student bids by keyboard alone on a phone', async ({ page, request }) => {
  test.setTimeout(180_000);
  const { admin, branchId, first } = await newClass(request, 'bidder');
  const made = await addAuction(request, admin, branchId, { name: unique('Front seat'), startingBid: 1.5 });
  try {
    await page.setViewportSize(VIEWPORTS.phone);
    await signIn(page, first.username, PASSWORD);
    const keys = new KeyboardUser(page);
    await keys.skipToContent();
    await keys.tabTo(page.getByRole('main').getByRole('link', { name: 'Auctions', exact: true }));
    await keys.press('Enter');
    await expect(page).toHaveURL(/\/1\/auctions$/);
    await keys.tabTo(page.getByRole('button', { name: `Bid on ${made.name}` }));
    await keys.press('Enter');
    // The dialog opens in the amount, the least bid already in it; Enter confirms.
    const amount = page.getByRole('dialog').getByRole('textbox', { name: /^Your bid/ });
    await expect(amount).toBeFocused();
    await expect(amount).toHaveValue('1.50');
    await keys.press('Enter');
    await expect(page.getByRole('status')).toContainText(`You bid $1.50 on ${made.name}`);
    await expect(auctionCard(page, made.name).getByTestId('my-standing')).toHaveText('You have the high bid');
    await expect(page.getByRole('button', { name: `Bid on ${made.name}` })).toBeFocused();
    console.log(`student bids: ${keys.presses} key presses`);
  } finally {
    await cancelOpen(request, admin, [made.auctionId]);
  }
});

// ---------------------------------------------------------------------------------------------
// Every new screen at both widths and in both themes, checked by axe with every rule.

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  test(`the auctions' screens at ${size} width, light and dark`, async ({ page, request }) => {
    test.setTimeout(600_000);
    await page.setViewportSize(viewport);
    const { admin, branchId, first, second } = await newClass(request, 'bidder');
    const pet = await addAuction(request, admin, branchId, {
      name: unique('Class pet'),
      description: 'Feed the class pet for a day',
      startingBid: 2,
    });
    const seat = await addAuction(request, admin, branchId, { name: unique('Front seat'), startingBid: 1 });
    try {
      await bidByApi(request, first, pet.auctionId, 2);
      await bidByApi(request, first, seat.auctionId, 1);
      await bidByApi(request, second, seat.auctionId, 2);

      await signIn(page, first.username, PASSWORD);
      await openAuctions(page);
      await expect(auctionCard(page, seat.name).getByTestId('my-standing')).toHaveText(
        'Outbid: your money is back',
      );
      await captureBothThemes(page, `${size}-auctions`);
      await bid(page, pet.name, '$3.00');
      await expect(page.getByRole('status')).toContainText(`You bid $3.00 on ${pet.name}`);
      await auctionCard(page, seat.name)
        .getByRole('button', { name: `Bid on ${seat.name}` })
        .click();
      const dialog = page.getByRole('dialog', { name: `Bid on ${seat.name}` });
      await expect(dialog.getByRole('textbox', { name: /^Your bid/ })).toHaveValue('3.00');
      await captureBothThemes(page, `${size}-auctions-bid`);
      // Below the least bid: the server refuses it, and the dialog says so in words.
      await dialog.getByRole('textbox', { name: /^Your bid/ }).fill('2.50');
      await dialog.getByRole('button', { name: 'Confirm: bid $2.50' }).click();
      await expect(dialog.getByRole('alert')).toContainText('Bid too low');
      await captureBothThemes(page, `${size}-auctions-refused`);
      await dialog.getByRole('button', { name: 'Go Back' }).click();
      await signOut(page);

      await signIn(page, 'admin');
      await page.goto('/1/auctions/manage');
      await expect(page.getByTestId('auction-row').filter({ hasText: pet.name })).toBeVisible();
      await captureBothThemes(page, `${size}-auctions-manage`);
      await page.getByRole('button', { name: 'New Auction' }).click();
      await page.getByRole('button', { name: 'Save Auction' }).click();
      await expect(page.getByText('Give the auction a name.')).toBeVisible();
      await captureBothThemes(page, `${size}-auctions-new`);
      await page.getByRole('button', { name: 'Cancel', exact: true }).click();
      await page.getByRole('button', { name: `Cancel auction: ${seat.name}` }).click();
      await expect(page.getByRole('dialog', { name: 'Confirm Action' })).toContainText(
        'the high bid of $2.00 goes back',
      );
      await captureBothThemes(page, `${size}-auctions-cancel`);
      await confirmAction(page, 'Cancel auction');
      await expect(page.getByRole('status')).toContainText(`${seat.name} cancelled`);
    } finally {
      await cancelOpen(request, admin, [pet.auctionId, seat.auctionId]);
    }
  });
}
