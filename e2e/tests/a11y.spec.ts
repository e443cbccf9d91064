import { expect, test } from '@playwright/test';
import { chooseAccount, signIn, VIEWPORTS } from './support';

/** Issue 14: focus after navigation, the collapsed phone menu, tap targets, the live region. */

test('focus lands on the page heading after every navigation', async ({ page }) => {
  await signIn(page, 'student');
  const nav = page.getByRole('navigation', { name: 'Side navigation' });
  for (const [link, heading] of [
    ['Transfer', 'Transfer'],
    ['Statements', 'Statements'],
    ['Accounts', 'Accounts'],
  ] as const) {
    await nav.getByRole('link', { name: link, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeFocused();
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: VIEWPORTS.phone });

  test('the collapsed menu takes no focus and is hidden from screen readers', async ({ page }) => {
    await signIn(page, 'student');
    const nav = page.getByRole('navigation', { name: 'Side navigation', includeHidden: true });
    await expect(nav).toHaveAttribute('inert', '');
    // Tab through the whole page: focus never enters the menu.
    for (let i = 0; i < 15; i += 1) {
      await page.keyboard.press('Tab');
      expect(await nav.evaluate((el) => el.contains(document.activeElement))).toBe(false);
    }
    // Wherever the tabbing stopped: the skip link, shown while focused, covers the burger.
    await page.locator('#main').focus();
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(nav).not.toHaveAttribute('inert');
    await expect(nav.getByRole('link', { name: 'Transfer' })).toBeVisible();
  });

  for (const [role, screens] of [
    ['student', ['/home', '/account/4000012345', '/1/transfer', '/settings', '/1/support']],
    ['admin', ['/home', '/1/deposit', '/1/admin/users', '/1/admin/accounts', '/settings']],
  ] as const) {
    test(`every tap target of the ${role}'s screens is at least 44 x 44 px`, async ({ page }) => {
      await signIn(page, role);
      for (const path of screens) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        const small = await page.evaluate(() =>
          Array.from(
            document.querySelectorAll<HTMLElement>(
              'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [tabindex="0"]',
            ),
          )
            .filter((el) => el.offsetParent !== null && !el.closest('[inert]'))
            // A radio or checkbox counts by its whole row (the box and its label), as it is tapped.
            .map(
              (el) =>
                (el.matches('input[type="radio"], input[type="checkbox"]')
                  ? (el.closest(
                      'label, .mantine-SegmentedControl-control, .mantine-Checkbox-body, .mantine-Radio-body',
                    ) ?? el)
                  : el) as HTMLElement,
            )
            .map((el) => ({ el, box: el.getBoundingClientRect() }))
            .filter(({ box }) => box.width > 0 && (box.width < 44 || box.height < 44))
            .map(
              ({ el, box }) =>
                `${el.tagName} "${(el.textContent ?? el.getAttribute('aria-label') ?? '').trim().slice(0, 30)}" ${Math.round(box.width)}x${Math.round(box.height)}`,
            ),
        );
        expect(small, path).toEqual([]);
      }
    });
  }
});

test('a success text is announced in the one polite live region', async ({ page }) => {
  await signIn(page, 'teller');
  await page.goto('/1/deposit');
  await page.getByLabel('Branch').selectOption({ label: 'Main Campus' });
  await chooseAccount(page, 'Deposit Account', '4000012345');
  await page.getByLabel('Amount').fill('3');
  await page.getByRole('button', { name: 'Review Deposit' }).click();
  await page.getByRole('button', { name: 'Submit Deposit' }).click();
  const live = page.locator('[aria-live="polite"]');
  await expect(live).toHaveCount(1);
  await expect(live).toHaveText(/Deposit successfully submitted/);
  await expect(live).toHaveAttribute('aria-atomic', 'true');
});
