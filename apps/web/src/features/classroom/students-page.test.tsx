import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import {
  classroomText as t,
  messages,
  participationScreenText,
  teacherText,
  type Goal,
  type Student,
} from '@bank/shared';
import { admin, bankSettings, checking, roster, savings, student, teller } from '../../test/fixtures';
import { gate } from '../../test/gate';
import { pagedAnswer } from '../../test/paging';
import { PHONE_QUERY } from '../../lib/use-phone';
import { renderApp } from '../../test/render-app';
import { server } from '../../test/server';

/** The query strings of the calls to the Students roster, in order. */
function rosterQueries(): URLSearchParams[] {
  const seen: URLSearchParams[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname.startsWith('/api/teller/students/')) seen.push(url.searchParams);
  });
  return seen;
}

const wideScreen = window.matchMedia;

/** A teacher of Main Campus (the fixture's teller has no class). */
const mainTeacher = { ...teller, branchId: 1 };

afterEach(() => {
  server.events.removeAllListeners();
  window.matchMedia = wideScreen;
  window.localStorage.clear();
});

/** The screen is phone-sized in this test (jsdom matches no media query of its own). */
function onAPhone() {
  window.matchMedia = (query: string) => ({
    matches: query === PHONE_QUERY,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
}

/** A class of `count` students of Main Campus, "Kid 01" to "Kid 30", each with a checking account. */
function classOf(count: number): Student[] {
  return Array.from({ length: count }, (_, i) => {
    const n = String(i + 1).padStart(2, '0');
    return {
      userId: `kid-${n}`,
      username: `kid-${n}`,
      name: `Kid ${n}`,
      displayName: null,
      branchId: 1,
      banker: false,
      accounts: [{ ...checking, id: `10000001${n}`, accountId: `10000001${n}`, username: `kid-${n}` }],
    };
  });
}

const goal: Goal = {
  goalId: 1,
  accountId: savings.accountId,
  name: 'Bike',
  amount: 100,
  targetDate: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  position: 1,
  held: 60,
  progress: 0.6,
  reachedAt: null,
  balance: 60,
  left: 40,
  weeklySaving: 5,
  weeksToGo: 8,
};

describe('Students', () => {
  it('searches on the server by part of a name, counts, and opens a deposit with branch and account chosen', async () => {
    const queries = rosterQueries();
    const { user, router } = renderApp('/1/students', teller);
    expect(await screen.findAllByTestId('student-row')).toHaveLength(2);
    expect(screen.getByTestId('list-count')).toHaveTextContent(/^2 students$/);
    await user.type(screen.getByRole('searchbox', { name: t.searchLabel }), 'nor');
    await waitFor(() => expect(screen.getAllByTestId('student-row')).toHaveLength(1));
    expect(screen.getByTestId('student-row')).toHaveTextContent('Nora North');
    // The server searches (name or user id, anywhere), a page at a time; the count says how many of all match.
    const pages = queries.filter((q) => q.get('limit') === '25');
    const last = pages.at(-1)!;
    expect([last.get('q'), last.get('cursor')]).toEqual(['nor', null]);
    // The count of all students: one row asked for, without the search.
    expect(queries.filter((q) => q.get('limit') === '1').map((q) => q.get('q'))).toEqual([null]);
    await waitFor(() =>
      expect(screen.getByTestId('list-count')).toHaveTextContent(/^1 of 2 students matches$/),
    );
    expect(screen.getByTestId('live-region')).toHaveTextContent('1 of 2 students matches');
    // The search is kept in the address, for Back from the deposit.
    await waitFor(() => expect(router.state.location.search).toBe('?q=nor'));
    await user.click(screen.getByRole('link', { name: 'Deposit: Nora North, CHECKING **0003' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/1/deposit'));
    expect(await screen.findByLabelText('Deposit Account', { selector: 'input' })).toHaveValue(
      'Nora North · CHECKING **0003 · $75.00',
    );
    expect(screen.getByLabelText('Branch')).toHaveValue('2');
  });

  it('starts from the search in the address', async () => {
    renderApp('/1/students?q=sam', teller);
    await waitFor(() => expect(screen.getAllByTestId('student-row')).toHaveLength(1));
    expect(screen.getByRole('searchbox', { name: t.searchLabel })).toHaveValue('sam');
    expect(screen.getByTestId('student-row')).toHaveTextContent('Sam Student');
  });

  it("shows each student's savings goals in brief, asking once for the page and only for those who save", async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/teller/students/:bankId/goals', ({ request }) => {
        const usernames = new URL(request.url).searchParams.get('usernames') ?? '';
        asked.push(usernames);
        return HttpResponse.json(
          usernames.split(',').map((username) => ({
            username,
            goals: [
              { ...goal, goalId: 1, name: 'Bike', progress: 0.604 },
              { ...goal, goalId: 2, name: 'Trip', progress: 1 },
            ],
          })),
        );
      }),
    );
    renderApp('/1/students', teller);
    const sam = (await screen.findAllByTestId('student-row'))[0]!;
    expect(await within(sam).findByTestId('student-goals')).toHaveTextContent(
      `${participationScreenText.goalBrief('Bike', 60)}${participationScreenText.goalBrief('Trip', 100)}`,
    );
    // One call for the page; Nora has no savings account: nothing to ask for her.
    expect(asked).toEqual(['student']);
  });

  it('filters by class, and remembers the class chosen on this device', async () => {
    const { user, unmount } = renderApp('/1/students', teller);
    await screen.findAllByTestId('student-row');
    await user.selectOptions(screen.getByRole('combobox', { name: teacherText.classFilter }), 'Main Campus');
    await waitFor(() => expect(screen.getAllByTestId('student-row')).toHaveLength(1));
    expect(screen.getByTestId('student-row')).toHaveTextContent('Sam Student');
    expect(screen.getByTestId('list-count')).toHaveTextContent(/^1 of 2 students matches$/);
    unmount();
    renderApp('/1/students', teller);
    await waitFor(() => expect(screen.getAllByTestId('student-row')).toHaveLength(1));
    expect(screen.getByRole('combobox', { name: teacherText.classFilter })).toHaveValue('1');
  });

  it("opens on a teacher's own class, shows what is available beside a balance with money held", async () => {
    const held = { ...checking, available: 492 };
    server.use(
      http.get('*/api/teller/students/:bankId', ({ request }) => {
        const branchId = new URL(request.url).searchParams.get('branchId');
        const rows = [{ ...roster[0]!, accounts: [held, savings] }, roster[1]!];
        return pagedAnswer(
          request,
          rows.filter((s) => !branchId || String(s.branchId) === branchId),
          (s) => s.userId,
          (s) => [s.name],
        );
      }),
    );
    renderApp('/1/students', mainTeacher);
    await waitFor(() => expect(screen.getAllByTestId('student-row')).toHaveLength(1));
    expect(screen.getByRole('combobox', { name: teacherText.classFilter })).toHaveValue('1');
    const [available] = screen.getAllByTestId('student-available');
    expect(available).toHaveTextContent(`$500.00· ${teacherText.availableOfBalance('$492.00')}`);
    expect(available).toHaveAttribute('title', teacherText.heldNote('$8.00'));
    // Savings holds nothing: the balance alone.
    expect(screen.getAllByTestId('student-available')).toHaveLength(1);
  });

  it("lets a teacher reset their own class's passwords, choose students and print their new slips", async () => {
    const asked: unknown[] = [];
    server.use(
      http.post('*/api/teller/students/slips', async ({ request }) => {
        const body = (await request.json()) as { usernames: string[] };
        asked.push(body);
        return HttpResponse.json(
          {
            slips: body.usernames.map((username) => ({
              username,
              name: 'Sam Student',
              branchName: 'Main Campus',
              temporaryPassword: 'maple-tiger-river-42',
            })),
          },
          { status: 201 },
        );
      }),
    );
    const { user, router } = renderApp('/1/students?q=t', mainTeacher);
    await user.selectOptions(await screen.findByRole('combobox', { name: teacherText.classFilter }), '');
    await waitFor(() => expect(screen.getAllByTestId('student-row')).toHaveLength(2));
    // Nora is of another class: no box and no Reset Password for her.
    expect(screen.getByRole('button', { name: 'Reset Password: Sam Student (student)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Reset Password: Nora/ })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('checkbox', { name: teacherText.chooseStudent('Nora North') }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: teacherText.printNewSlips })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: teacherText.chooseStudent('Sam Student') }));
    await user.click(screen.getByRole('button', { name: teacherText.printNewSlipsFor(1) }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Action' });
    expect(confirm).toHaveTextContent(teacherText.newSlipsConfirm(1));
    await user.click(within(confirm).getByRole('button', { name: teacherText.newSlipsConfirmButton }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/1/students/slips'));
    const slip = await screen.findByTestId('sign-in-slip');
    expect(within(slip).getByTestId('slip-password')).toHaveTextContent('maple-tiger-river-42');
    expect(within(slip).getByTestId('slip-class')).toHaveTextContent('Main Campus');
    expect(asked).toEqual([{ usernames: ['student'] }]);
    // Done forgets the passwords: back on the slips screen, none is left.
    await user.click(screen.getByRole('button', { name: teacherText.slipsDone }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/1/students'));
    // ...and to the list as it was left: a teacher of a school of hundreds keeps their search.
    expect(router.state.location.search).toBe('?q=t');
  });

  it('makes a student of the class a class banker through the teacher call', async () => {
    const calls: unknown[] = [];
    server.use(
      http.put('*/api/teller/users/:username/banker', async ({ request, params }) => {
        calls.push([params.username, await request.json()]);
        return HttpResponse.json({ ...student, banker: true });
      }),
    );
    const { user } = renderApp('/1/students', mainTeacher);
    const toggle = await screen.findByRole('switch', { name: teacherText.bankerFor('Sam Student') });
    await user.click(toggle);
    expect(await screen.findByText(teacherText.bankerSaved('Sam Student', true))).toBeInTheDocument();
    expect(calls).toEqual([['student', { banker: true }]]);
  });

  it('tells a teacher to ask an admin when the bank keeps resets and bankers to admins', async () => {
    server.use(
      http.get('*/api/user/bank/:bankId', () =>
        HttpResponse.json({ ...bankSettings, tellerCanResetPasswords: false, tellerCanManageBankers: false }),
      ),
    );
    renderApp('/1/students', mainTeacher);
    const ask = await screen.findByTestId('ask-admin');
    expect(ask).toHaveTextContent(teacherText.askAdmin);
    expect(ask).toHaveTextContent(teacherText.rightOff('resetPasswords'));
    expect(ask).toHaveTextContent(teacherText.rightOff('manageBankers'));
    await screen.findAllByTestId('student-row');
    expect(screen.queryByRole('button', { name: /Reset Password/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: teacherText.printNewSlips })).not.toBeInTheDocument();
  });

  it('shows a page of 25, and Show more asks for the next with the cursor, appends it and moves the focus to it', async () => {
    const kids = classOf(30);
    const secondPage = gate();
    server.use(
      http.get('*/api/teller/students/:bankId', async ({ request }) => {
        if (new URL(request.url).searchParams.has('cursor')) await secondPage.wait();
        return pagedAnswer(
          request,
          kids,
          (s) => s.userId,
          (s) => [s.name, s.userId],
        );
      }),
    );
    const queries = rosterQueries();
    const { user } = renderApp('/1/students', teller);
    await waitFor(() => expect(screen.getAllByTestId('student-row')).toHaveLength(25));
    expect(screen.getByTestId('list-count')).toHaveTextContent(/^30 students$/);
    expect(screen.getByText('Showing 25 of 30 students')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    // While the page loads the button says so and keeps the focus (aria-disabled, not disabled);
    // a second press asks nothing more.
    const loading = await screen.findByRole('button', { name: 'Loading...' });
    expect(loading).toHaveAttribute('aria-disabled', 'true');
    expect(loading).toHaveFocus();
    await user.click(loading);
    secondPage.open();
    await waitFor(() => expect(screen.getAllByTestId('student-row')).toHaveLength(30));
    expect(queries.filter((q) => q.has('cursor'))).toHaveLength(1);
    expect(queries.at(-1)!.get('cursor')).toBe('kid-25');
    expect(queries.at(-1)!.get('limit')).toBe('25');
    // The first row just shown has the focus; the last page has no Show more, and the count is heard.
    const rows = screen.getAllByTestId('student-row');
    await waitFor(() => expect(rows[25]).toHaveFocus());
    expect(rows[25]).toHaveTextContent('Kid 26');
    expect(rows[24]).toHaveTextContent('Kid 25');
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(screen.getByTestId('live-region')).toHaveTextContent('Showing 30 of 30 students');
  });

  it('shows a teller only the flows the bank allows, and no password reset', async () => {
    server.use(
      http.get('*/api/user/bank/:bankId', () =>
        HttpResponse.json({ ...bankSettings, tellerWithdrawalPermission: false }),
      ),
    );
    renderApp('/1/students', teller);
    expect(
      await screen.findByRole('link', { name: 'Deposit: Sam Student, CHECKING **0001' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Withdraw:/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Reset Password/ })).not.toBeInTheDocument();
  });

  it('on a phone shows a card per student: amounts kept on one line, the flows behind a menu named for the account', async () => {
    onAPhone();
    const { user, router } = renderApp('/1/students', admin);
    const cards = await screen.findAllByTestId('student-row');
    expect(cards.map((c) => c.tagName)).toEqual(['LI', 'LI']);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const sam = cards.find((c) => c.textContent?.includes('Sam Student'))!;
    const amounts = within(sam).getAllByText(/^\$/);
    expect(amounts.map((a) => a.textContent)).toEqual(['$500.00', '$1,250.50']);
    for (const amount of amounts) expect(amount).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(
      within(sam).getByRole('button', { name: 'Reset Password: Sam Student (student)' }),
    ).toBeInTheDocument();
    await user.click(
      screen.getByRole('button', { name: 'Deposit or withdraw: Sam Student, SAVINGS **0002' }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Withdraw: Sam Student, SAVINGS **0002' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/1/withdrawal'));
  });

  it('lets an admin reset a forgotten password in a dialog named for the student, and gives the focus back', async () => {
    server.use(
      http.post('*/api/admin/users/:userId/resetPassword', () =>
        HttpResponse.text(messages.temporaryPassword('maple-tiger-river-42')),
      ),
    );
    const { user } = renderApp('/1/students', admin);
    // Each button names its student (the hidden part matches the dialog's title).
    const opener = await screen.findByRole('button', { name: 'Reset Password: Nora North (nora)' });
    expect(screen.getByRole('button', { name: 'Reset Password: Sam Student (student)' })).toBeInTheDocument();
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: t.resetPasswordFor('Nora North', 'nora') });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));

    // The Confirm Action on top of it: Escape closes only the confirm.
    await user.click(within(dialog).getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('dialog', { name: 'Confirm Action' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Confirm Action' })).not.toBeInTheDocument(),
    );
    expect(
      screen.getByRole('dialog', { name: t.resetPasswordFor('Nora North', 'nora') }),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Reset Password' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Action' });
    await user.click(within(confirm).getByRole('button', { name: 'Reset Password' }));
    expect(await within(dialog).findByTestId('temporary-password')).toHaveTextContent('maple-tiger-river-42');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Copy password' })).toHaveFocus());

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });
});
