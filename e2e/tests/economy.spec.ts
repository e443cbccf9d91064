import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { unique } from './admin-helpers';
import { KeyboardUser } from './keyboard-support';
import { useScheme } from './long-lists-data';
import { apiToken, bearer, expectNoViolations, shot, signIn, STUDENT_CHECKING, VIEWPORTS } from './support';

/**
 * Issue 34 items 1, 2 and 5 on the web: a teacher's class jobs and award buttons, given to
 * students tapped on the seat grid in two clicks (the award, then Give), by mouse and by keyboard
 * alone; a fine leaves out who cannot pay and names them; a Student reads their job board (their jobs, then the class's) and the
 * row "Award: …". Every screen at 390 and 1280 px, light and dark, scanned by axe (every rule).
 */

const SAM = 'Sam Rivera';

/** Every size and scheme: the screenshot, then axe on what it shows. */
async function everyWay(page: Page, name: string) {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    for (const scheme of ['light', 'dark'] as const) {
      await useScheme(page, scheme);
      await shot(page, `economy-${name}-${size === 'phone' ? 390 : 1280}-${scheme}`);
      await expectNoViolations(page);
    }
  }
  await page.setViewportSize(VIEWPORTS.desktop);
  await useScheme(page, 'light');
}

/** Two new students of the teacher's class (Main Campus), each with a CHECKING account holding $0. */
async function newClassmates(request: APIRequestContext, tag: string) {
  const admin = await apiToken(request, 'admin');
  const rows = [`ria-${tag},Ria ${tag},Main Campus,CHECKING`, `leo-${tag},Leo ${tag},Main Campus,CHECKING`];
  const response = await request.post('/api/admin/users/import', {
    headers: { ...bearer(admin), 'Content-Type': 'text/csv' },
    data: `username,name,branch,accounts\n${rows.join('\n')}\n`,
  });
  expect(response.status(), await response.text()).toBe(201);
  return { ria: `Ria ${tag}`, leo: `Leo ${tag}` };
}

const seat = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Seat grid' }).getByRole('button', { name, exact: true });

test('a teacher makes a job for two students and gives awards from the seat grid; a Student reads both', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const tag = unique('e').slice(2);
  const kids = await newClassmates(request, tag);
  const job = `Librarian ${tag}`;
  const bonus = `Helped ${tag}`;
  const fine = `Late ${tag}`;

  await signIn(page, 'teller');
  await page.getByRole('navigation', { name: 'Side navigation' }).getByRole('link', { name: 'Jobs' }).click();
  await expect(page.getByRole('heading', { name: 'Jobs', level: 1 })).toBeVisible();

  // A job, held by two students of the class.
  await page.getByRole('button', { name: 'New job' }).click();
  const form = page.getByRole('region', { name: 'New job' });
  await form.getByLabel(/^Job name/).fill(job);
  await form.getByLabel(/^Wage/).fill('2');
  await form.getByPlaceholder('Choose students').click();
  await form.getByRole('option', { name: new RegExp(SAM) }).click();
  // The search box keeps the focus after a pick.
  await page.keyboard.type(kids.ria);
  await form.getByRole('option', { name: new RegExp(kids.ria) }).click();
  await page.keyboard.press('Escape');
  await expect(form.getByRole('listbox')).toBeHidden();
  await form.getByRole('button', { name: 'Create job' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Job "${job}" saved.` })).toBeVisible();
  const row = page.getByTestId('job-row').filter({ hasText: job });
  // Holders by User Id: ria-… before student.
  await expect(row).toContainText(`${kids.ria}, ${SAM}`);
  await expect(row).toContainText('$2.00');
  await everyWay(page, 'jobs');

  // Two award buttons: a bonus and a fine.
  await page
    .getByRole('navigation', { name: 'Side navigation' })
    .getByRole('link', { name: 'Awards' })
    .click();
  for (const [name, amount, kind] of [
    [bonus, '2', 'Bonus (pays the student)'],
    [fine, '1', 'Fine (the student pays)'],
  ] as const) {
    await page.getByRole('button', { name: 'New award' }).click();
    const awardForm = page.getByRole('region', { name: 'New award' });
    await awardForm.getByLabel(/^Award name/).fill(name);
    await awardForm.getByLabel(/^Amount/).fill(amount);
    await awardForm.getByRole('radio', { name: kind }).check();
    await awardForm.getByRole('button', { name: 'Create award' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Award "${name}" saved.` })).toBeVisible();
  }

  // The bonus to two students tapped on the seat grid: two clicks after choosing.
  await seat(page, SAM).click();
  await seat(page, kids.ria).click();
  await expect(seat(page, SAM)).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('chosen-count')).toHaveText('2 students chosen');
  await everyWay(page, 'awards-chosen');
  await page.getByRole('button', { name: `${bonus} +$2.00` }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Action' });
  await expect(dialog).toContainText(`Give "${bonus}" (+$2.00) to ${kids.ria}, ${SAM}?`);
  await dialog.getByRole('button', { name: 'Give' }).click();
  await expect(page.getByTestId('give-result')).toContainText(
    `"${bonus}" given to 2 students: $4.00 in all.`,
  );

  // The fine, by keyboard alone: Leo has nothing, so he is left out and named; Sam pays.
  const keys = new KeyboardUser(page);
  await seat(page, SAM).focus();
  await keys.press('Space');
  await keys.tabTo(seat(page, kids.leo));
  await keys.press('Space');
  await expect(page.getByTestId('chosen-count')).toHaveText('2 students chosen');
  await keys.tabTo(page.getByRole('button', { name: `${fine} \u2212$1.00` }));
  await keys.press('Enter');
  await expect(dialog.getByRole('button', { name: 'Give' })).toBeFocused();
  await keys.press('Enter');
  const result = page.getByTestId('give-result');
  await expect(result).toContainText(`"${fine}" charged to 1 student: $1.00 in all.`);
  await expect(result).toContainText(`Left out (1): ${kids.leo}: `);
  await everyWay(page, 'awards-result');

  // The Student: their job board, and the award's own words on their account.
  await page.getByTestId('header-menu').click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await signIn(page, 'student');
  await page
    .getByRole('navigation', { name: 'Side navigation' })
    .getByRole('link', { name: 'Job board' })
    .click();
  const card = page.getByRole('region', { name: 'My jobs' }).getByTestId('my-job').filter({ hasText: job });
  await expect(card).toContainText('Pays $2.00 each wage day');
  // A classmate by their first name, never their User Id.
  await expect(card).toContainText(`With you: Ria`);
  await expect(card).not.toContainText(`ria-${tag}`);
  await expect(page.getByRole('region', { name: 'Jobs in my class' })).toBeVisible();
  await everyWay(page, 'job-board');
  await page.goto(`/account/${STUDENT_CHECKING}`);
  await expect(page.getByText(`Award: ${bonus}`).first()).toBeVisible();
  await expect(page.getByText(`Award: ${fine}`).first()).toBeVisible();
  await shot(page, 'economy-student-account-1280-light');
});
