import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { confirmAction, unique } from './admin-helpers';
import { newClass, PASSWORD, postOk, type Student } from './class-helpers';
import { KeyboardUser } from './keyboard-support';
import { apiToken, bearer, captureBothThemes, signIn, signOut, VIEWPORTS } from './support';

/**
 * The class store (issue 34 item 3) end to end: a teacher adds an item; two Students buy on their
 * phones and the second is refused "Sold out"; the teacher gives the order from the menu's badge;
 * the Student sees it Given and "Store: {item}" on the account; a refund gives the held money back.
 */

/** An item through the API (set-up for the screens that are not under test here). */
async function addItem(request: APIRequestContext, admin: string, branchId: number, fields: object) {
  const answer = await postOk(request, admin, '/api/teller/items', { branchId, ...fields });
  return ((await answer.json()) as { itemId: number; name: string }).name;
}

/** Nothing of this file waits when it ends: other files count the bank's waiting orders in the menu. */
async function refundWaiting(request: APIRequestContext, admin: string, usernames: string[]) {
  const answer = await request.get('/api/teller/orders/1?status=waiting&limit=500', {
    headers: bearer(admin),
  });
  const waiting = (await answer.json()) as { orderId: number; username: string }[];
  for (const order of waiting.filter((o) => usernames.includes(o.username)))
    await postOk(request, admin, `/api/teller/orders/${order.orderId}/refund`, {
      reason: 'The test is over',
    });
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Side navigation' });
const itemCard = (page: Page, name: string) => page.getByTestId('store-item').filter({ hasText: name });
const myOrder = (page: Page, name: string) => page.getByTestId('my-order').filter({ hasText: name });

/** A Student signed in on a phone of their own (a browser context of its own). */
async function phoneOf(browser: Browser, student: Student) {
  const context = await browser.newContext({ viewport: VIEWPORTS.phone });
  const page = await context.newPage();
  await signIn(page, student.username, PASSWORD);
  return { page, close: () => context.close() };
}

/** From home, the Store button (the menu is behind the burger on a phone). */
async function openStore(page: Page) {
  await page.getByRole('main').getByRole('link', { name: 'Store', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Store' })).toBeVisible();
}

/** Buy, the account, Confirm: answers the dialog, open still when the store refused. */
async function buy(page: Page, item: string, price: string) {
  await itemCard(page, item)
    .getByRole('button', { name: `Buy ${item}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Buy ${item}` });
  await expect(dialog.getByRole('radio', { name: /^CHECKING/ })).toBeChecked();
  await dialog.getByRole('button', { name: `Confirm: buy for ${price}` }).click();
  return dialog;
}

async function availableAtHome(page: Page) {
  await page.goto('/home');
  return page.getByTestId('account-card').first();
}

test('a teacher adds an item, two Students buy on phones, one is refused; given from the badge, refunded', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const cls = await newClass(request, 'buyer');
  const { admin, first, second } = cls;
  const item = unique('Homework pass');
  try {
    // The teacher adds the item on the computer: $3.00, one in stock, one per student, for the class.
    await signIn(page, 'admin');
    await nav(page).getByRole('link', { name: 'Store items' }).click();
    await page.getByRole('button', { name: 'New Item' }).click();
    const form = page.getByRole('region', { name: 'New item' });
    await form.getByRole('textbox', { name: /^Name/ }).fill(item);
    await form.getByRole('textbox', { name: 'Description' }).fill('Skip one homework of your choice');
    await form.getByRole('textbox', { name: /^Price/ }).fill('3');
    await form.getByRole('textbox', { name: /^Stock/ }).fill('1');
    await form.getByRole('textbox', { name: /^Limit per student/ }).fill('1');
    await form.getByRole('combobox', { name: 'For' }).selectOption({ label: cls.branchName });
    await form.getByRole('button', { name: 'Save Item' }).click();
    await expect(page.getByRole('status')).toContainText(`${item} added to the store`);
    await expect(page.getByTestId('item-row').filter({ hasText: item })).toContainText(cls.branchName);

    // Both Students have the store open on their phones; the first buys the only one.
    const one = await phoneOf(browser, first);
    const two = await phoneOf(browser, second);
    await openStore(one.page);
    await openStore(two.page);
    await expect(itemCard(two.page, item)).toContainText('1 left');
    await expect(itemCard(one.page, item)).toContainText('At most 1 per student');
    await buy(one.page, item, '$3.00');
    await expect(one.page.getByRole('status')).toContainText(`Ordered: ${item}`);
    await expect(myOrder(one.page, item).getByTestId('order-status')).toHaveText('Waiting');
    await expect(
      myOrder(one.page, item).getByRole('button', { name: `Cancel order: ${item}` }),
    ).toBeVisible();
    await expect(itemCard(one.page, item)).toContainText('Sold out');

    // The second still sees "1 left", presses Buy, and the store says why not, in words.
    const refused = await buy(two.page, item, '$3.00');
    await expect(refused.getByRole('alert')).toContainText('Sold out');
    await expect(refused.getByRole('alert')).toContainText('Someone bought the last one.');
    await refused.getByRole('button', { name: 'Go Back' }).click();
    await expect(itemCard(two.page, item)).toContainText('Sold out');
    await expect(two.page.getByTestId('my-order')).toHaveCount(0);

    // The first's Available dropped by the price, held for the order; the balance did not.
    const card = await availableAtHome(one.page);
    await expect(card.getByTestId('account-balance')).toHaveText('$10.00');
    await expect(card.getByTestId('account-available')).toHaveText(
      'Available $7.00 (held $3.00 for your order)',
    );

    // The teacher follows the badge and gives it.
    // The badge is asked for again every minute; a reload shows it at once. The machine may be slow.
    await page.reload();
    const badge = nav(page).getByRole('link', { name: /^Store orders \(\d+ waiting\)$/ });
    await expect(badge).toBeVisible({ timeout: 30_000 });
    await badge.click();
    const row = page.getByTestId('order-row').filter({ hasText: item });
    await expect(row).toContainText(first.name);
    await row.getByRole('button', { name: `Given: ${item} to ${first.name}` }).click();
    await expect(page.getByRole('status')).toContainText(`Given: ${item} to ${first.name}`);
    await expect(row.getByTestId('order-status')).toHaveText('Given');

    // The Student sees it Given, and "Store: {item}" on the account; nothing is held any more.
    await openStore(one.page);
    // Without a reload: a Student's orders are asked again every 15 s while on screen.
    await expect(myOrder(one.page, item).getByTestId('order-status')).toHaveText('Given', {
      timeout: 30_000,
    });
    await expect(myOrder(one.page, item).getByRole('button')).toHaveCount(0);
    await one.page.goto(`/account/${first.checking}`);
    await expect(one.page.getByRole('main')).toContainText(`Store: ${item}`);
    await expect(one.page.getByTestId('current-balance')).toHaveText('$7.00');
    await expect(one.page.getByTestId('available-held')).toHaveCount(0);

    // The second buys another item; its price is held, then the teacher refunds it and it comes back.
    const pencil = await addItem(request, admin, cls.branchId, { name: unique('Pencil'), price: 1.5 });
    await two.page.reload();
    await buy(two.page, pencil, '$1.50');
    await expect(two.page.getByRole('status')).toContainText(`Ordered: ${pencil}`);
    const held = await availableAtHome(two.page);
    await expect(held.getByTestId('account-available')).toHaveText(
      'Available $8.50 (held $1.50 for your order)',
    );
    await page.reload();
    await page
      .getByTestId('order-row')
      .filter({ hasText: pencil })
      .getByRole('button', { name: `Refund ${second.name}'s ${pencil}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Refund the order' });
    await dialog.getByRole('textbox', { name: /^Reason/ }).fill('Out of pencils');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await expect(page.getByRole('status')).toContainText(`Refunded ${second.name}'s ${pencil}`);
    const back = await availableAtHome(two.page);
    await expect(back.getByTestId('account-balance')).toHaveText('$10.00');
    await expect(back.getByTestId('account-available')).toHaveCount(0);
    await openStore(two.page);
    await expect(myOrder(two.page, pencil).getByTestId('order-status')).toHaveText(
      'Refunded: Out of pencils',
    );
    await one.close();
    await two.close();
  } finally {
    await refundWaiting(request, admin, [first.username, second.username]);
  }
});

test('a Student buys and cancels, and a teacher gives from the badge, by keyboard alone', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { admin, branchId, first } = await newClass(request, 'buyer');
  try {
    const sticker = await addItem(request, admin, branchId, { name: unique('Sticker'), price: 2, stock: 5 });
    await page.setViewportSize(VIEWPORTS.phone);
    await signIn(page, first.username, PASSWORD);
    const keys = new KeyboardUser(page);
    await keys.skipToContent();
    await keys.tabTo(page.getByRole('main').getByRole('link', { name: 'Store', exact: true }));
    await keys.press('Enter');
    await expect(page).toHaveURL(/\/1\/store$/);
    for (const round of ['cancel', 'keep']) {
      await keys.tabTo(page.getByRole('button', { name: `Buy ${sticker}` }));
      await keys.press('Enter');
      // The dialog opens with the focus on Confirm; Enter buys.
      const confirm = page.getByRole('button', { name: 'Confirm: buy for $2.00' });
      await expect(confirm).toBeFocused();
      await keys.press('Enter');
      await expect(page.getByRole('status')).toContainText(`Ordered: ${sticker}`);
      if (round === 'keep') break;
      await keys.tabTo(page.getByRole('button', { name: `Cancel order: ${sticker}` }));
      await keys.press('Enter');
      await expect(page.getByRole('dialog', { name: 'Confirm Action' })).toBeVisible();
      await keys.tabTo(page.getByRole('dialog').getByRole('button', { name: 'Cancel order' }));
      await keys.press('Enter');
      await expect(page.getByRole('status')).toContainText('Order cancelled');
      await expect(myOrder(page, sticker).first().getByTestId('order-status')).toHaveText('Cancelled');
    }
    console.log(`student buy, cancel, buy: ${keys.presses} key presses`);
    await signOut(page);

    await page.setViewportSize(VIEWPORTS.desktop);
    await signIn(page, 'admin');
    const teacher = new KeyboardUser(page);
    await teacher.tabTo(nav(page).getByRole('link', { name: /^Store orders \(\d+ waiting\)$/ }));
    await teacher.press('Enter');
    await expect(page).toHaveURL(/\/1\/store\/orders$/);
    const row = page.getByTestId('order-row').filter({ hasText: first.name });
    await teacher.tabTo(row.getByRole('button', { name: `Given: ${sticker} to ${first.name}` }));
    await teacher.press('Enter');
    await expect(page.getByRole('status')).toContainText(`Given: ${sticker} to ${first.name}`);
    console.log(`teacher gives: ${teacher.presses} key presses`);
  } finally {
    await refundWaiting(request, admin, [first.username]);
  }
});

// ---------------------------------------------------------------------------------------------
// Every new screen at both widths and in both themes, checked by axe with every rule.

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  test(`the store's screens at ${size} width, light and dark`, async ({ page, request }) => {
    // Seven screens, each checked by axe and photographed in both themes, on a shared machine.
    test.setTimeout(600_000);
    await page.setViewportSize(viewport);
    const cls = await newClass(request, 'buyer');
    const { admin, branchId, first } = cls;
    try {
      const pass = await addItem(request, admin, branchId, {
        name: unique('Homework pass'),
        description: 'Skip one homework of your choice',
        price: 3,
        stock: 4,
        perStudentLimit: 2,
      });
      const pet = await addItem(request, admin, branchId, { name: unique('Class pet'), price: 9, stock: 1 });
      const buyer = await apiToken(request, first.username, PASSWORD);
      const items = (await (await request.get('/api/user/items/1', { headers: bearer(buyer) })).json()) as {
        itemId: number;
        name: string;
      }[];
      const passId = items.find((i) => i.name === pass)!.itemId;
      await postOk(request, buyer, '/api/user/orders', { itemId: passId, accountId: first.checking });

      await signIn(page, first.username, PASSWORD);
      await expect(page.getByTestId('account-available')).toContainText('held $3.00 for your order');
      await captureBothThemes(page, `${size}-student-home-held`);
      await openStore(page);
      await expect(myOrder(page, pass)).toBeVisible();
      await captureBothThemes(page, `${size}-store`);
      await itemCard(page, pass)
        .getByRole('button', { name: `Buy ${pass}` })
        .click();
      await expect(page.getByRole('dialog', { name: `Buy ${pass}` })).toBeVisible();
      await captureBothThemes(page, `${size}-store-buy`);
      const refused = page.getByRole('dialog', { name: `Buy ${pass}` });
      await refused.getByRole('button', { name: 'Go Back' }).click();
      // $7.00 is available of the $10.00: the pet at $9.00 is refused, and the store says what holds the rest.
      const dialog = await buy(page, pet, '$9.00');
      await expect(dialog.getByTestId('buy-summary')).toContainText('Not enough: only $7.00 available');
      await expect(dialog.getByRole('alert')).toContainText(
        'Insufficient funds: $3.00 is held for your order.',
      );
      await captureBothThemes(page, `${size}-store-refused`);
      await dialog.getByRole('button', { name: 'Go Back' }).click();
      await signOut(page);

      await signIn(page, 'admin');
      await page.goto('/1/store/orders');
      await expect(page.getByTestId('order-row').filter({ hasText: pass })).toBeVisible();
      await captureBothThemes(page, `${size}-store-orders`);
      await page
        .getByTestId('order-row')
        .filter({ hasText: pass })
        .getByRole('button', { name: /^Refund / })
        .click();
      await page.getByRole('dialog').getByRole('button', { name: 'Refund' }).click();
      await expect(page.getByRole('dialog').getByText('Give a reason')).toBeVisible();
      await captureBothThemes(page, `${size}-store-refund`);
      await page.getByRole('dialog').getByRole('button', { name: 'Go Back' }).click();
      await page.goto('/1/store/items');
      await expect(page.getByTestId('item-row').filter({ hasText: pass })).toBeVisible();
      await captureBothThemes(page, `${size}-store-items`);
      await page.getByRole('button', { name: `Edit ${pass}` }).click();
      await page.getByRole('textbox', { name: /^Price/ }).fill('0');
      await page.getByRole('button', { name: 'Save Item' }).click();
      await expect(page.getByText('Enter a price greater than 0')).toBeVisible();
      await captureBothThemes(page, `${size}-store-item-edit`);
      await page.getByRole('button', { name: `Delete ${pet}` }).click();
      await confirmAction(page, 'Delete');
      await expect(page.getByRole('status')).toContainText(`${pet} deleted`);
    } finally {
      await refundWaiting(request, admin, [first.username]);
    }
  });
}
