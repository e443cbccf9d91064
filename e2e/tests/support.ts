import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo-1234';
export const STUDENT_CHECKING = '4000012345';
export const STUDENT_SAVINGS = '4000067890';

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

/** Signs in through the login screen and waits for home. */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('User Id').fill(username);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/home$/);
}

/** A token for scripting the API directly (test set-up, not what is under test). */
export async function apiToken(
  request: APIRequestContext,
  username: string,
  password = DEMO_PASSWORD,
): Promise<string> {
  const response = await request.post('/api/login', { data: { username, password } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.text()).trim();
}

export function bearer(token: string) {
  return { Authorization: `Bearer ${token}` };
}

export async function balanceOf(
  request: APIRequestContext,
  token: string,
  username: string,
  accountId: string,
) {
  const response = await request.get(`/api/user/accounts/user/${username}`, { headers: bearer(token) });
  expect(response.status(), await response.text()).toBe(200);
  const accounts = (await response.json()) as { accountId: string; balance: number }[];
  const account = accounts.find((a) => a.accountId === accountId);
  if (!account) throw new Error(`no account ${accountId}`);
  return account.balance;
}

/** The side navigation's link texts, in order. */
export async function navLinkTexts(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Side navigation' });
  await expect(nav.getByRole('link').first()).toBeVisible();
  return (await nav.getByRole('link').allInnerTexts()).map((t) => t.trim().replace(/\s+/g, ' '));
}

/** A full-page screenshot into e2e/screenshots/ (gitignored), or SHOTS_DIR when set. */
export async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR ?? 'screenshots';
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

export const money = (n: number) =>
  `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * axe-core pinned by this package (4.14), newer than the one @axe-core/playwright 4.13 bundles:
 * its 4.14 release needs Node 22.
 */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** No axe-core violation at all: every rule (no tag subset), every impact, minor included. */
export async function expectNoViolations(page: Page) {
  await page.waitForLoadState('networkidle');
  // The screen at rest: a dialog fading in or out is drawn at part opacity, and axe would measure
  // its text against the page behind it (Mantine's transitions are CSS transitions).
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
  );
  // Not hovering anything: a hover colour is not what the screen looks like at rest.
  const viewport = page.viewportSize();
  if (viewport) await page.mouse.move(viewport.width - 2, viewport.height - 2);
  const results = await new AxeBuilder({ page, axeSource }).analyze();
  expect(
    results.violations.map(
      (v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

/** Another name for expectNoViolations (every impact counts), kept for the specs that call it. */
export const expectNoSeriousViolations = expectNoViolations;

/** Nothing spills past the viewport's width (tables scroll inside their box or fold). */
export async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The picker's option for one account, by its whole number. */
export const accountOption = (page: Page, accountId: string) =>
  page.locator(`[role="option"][value="${accountId}"]`);

/** Picks an account in a teller flow's searchable picker by typing its last four digits. */
export async function chooseAccount(page: Page, label: string, accountId: string) {
  const input = page.getByRole('combobox', { name: label });
  await input.click();
  await input.fill(accountId.slice(-4));
  // By the whole number: among a school's hundreds of accounts, another may end in the same four digits.
  await accountOption(page, accountId).click();
  // The list has closed before anything else looks at the screen (an axe scan, a screenshot).
  await expect(page.getByRole('listbox')).toBeHidden();
}

/** Every axe-core rule (not only WCAG A/AA), every impact: nothing at all may be found. */
export async function expectNoAxeViolations(page: Page) {
  await page.waitForLoadState('networkidle');
  const viewport = page.viewportSize();
  if (viewport) await page.mouse.move(viewport.width - 2, viewport.height - 2);
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map(
      (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

/** Signs out through the header's menu and waits for the login screen. */
export async function signOut(page: Page) {
  await page.getByTestId('header-menu').click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** Rendered, nothing spilling past the width, no axe violation, photographed, in both themes. */
export async function captureBothThemes(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  // A full-page capture draws the fixed header where the page is scrolled to: start at the top.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectNoHorizontalOverflow(page);
  await expectNoViolations(page);
  await shot(page, name);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expectNoViolations(page);
  await shot(page, `${name}-dark`);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
}
