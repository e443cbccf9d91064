import { expect, test } from '@playwright/test';
import { signIn, STUDENT_CHECKING } from './support';

/**
 * Clean in the browser (issue 22): no page trips the server's Content-Security-Policy (zod's eval
 * probe did, on every page), robots.txt is a robots file and not the app's page, and HEAD on a
 * page answers as GET does. Each came back once; this keeps them out.
 */

test('no page reports a Content-Security-Policy violation', async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`),
    );
  });
  const violations = async () =>
    page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
  await signIn(page, 'student');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await violations()).toEqual([]);
  await page.goto(`/account/${STUDENT_CHECKING}`);
  await expect(page.getByRole('table').first()).toBeVisible();
  expect(await violations()).toEqual([]);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await violations()).toEqual([]);
});

test('a first visit to an account page uses every file it asks for early, and says nothing', async ({
  page,
}) => {
  await signIn(page, 'student');
  // A fresh load with the session stored: the entry asks for the app's and the screen's files early.
  const asked = new Map<string, number>();
  page.on('request', (request) => {
    if (request.url().includes('/assets/')) asked.set(request.url(), (asked.get(request.url()) ?? 0) + 1);
  });
  const said: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') said.push(message.text());
  });
  await page.goto(`/account/${STUDENT_CHECKING}`);
  await expect(page.getByRole('table').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  // An early hint the page's own request cannot use (a preload of another credentials mode, say)
  // makes the browser warn and download the file twice.
  expect(said).toEqual([]);
  expect([...asked].filter(([, times]) => times > 1)).toEqual([]);
});

test('robots.txt is a robots file and HEAD answers a page as GET does', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(robots.headers()['content-type']).toMatch(/text\/plain/);
  expect(await robots.text()).toContain('User-agent: *');
  for (const url of ['/', '/login', '/home', `/account/${STUDENT_CHECKING}`]) {
    const head = await request.head(url);
    expect(head.status(), url).toBe(200);
    expect(head.headers()['content-type'], url).toMatch(/text\/html/);
  }
  expect((await request.get('/no-such-file.txt')).status()).toBe(404);
});
