import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { economyScreens as t, economyText, type BoardJob, type Job } from '@bank/shared';
import { student, teller } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { server } from '../../test/server';
import { classList } from './test-data';

const ourTeacher = { ...teller, branchId: 1 };
const librarian: Job = { jobId: 1, bankId: 1, branchId: 1, name: 'Librarian', wage: 2, holders: ['ana'] };
const boardLibrarian = { jobId: 1, branchId: 1, name: 'Librarian', wage: 2 };

let jobs: Job[];
let sent: { method: string; url: string; body: unknown }[];

beforeEach(() => {
  jobs = [librarian];
  sent = [];
  server.use(
    http.get('*/api/teller/students/:bankId', () => HttpResponse.json(classList)),
    http.get('*/api/teller/jobs/:bankId', () => HttpResponse.json(jobs)),
    http.post('*/api/teller/jobs', async ({ request }) => {
      const body = (await request.json()) as { name: string; wage: number; branchId: number };
      sent.push({ method: 'POST', url: '/teller/jobs', body });
      const made = { jobId: 2, bankId: 1, holders: [], ...body };
      jobs = [...jobs, made];
      return HttpResponse.json(made, { status: 201 });
    }),
    http.put('*/api/teller/jobs/:jobId', async ({ request, params }) => {
      const body = (await request.json()) as { holders?: string[] };
      sent.push({ method: 'PUT', url: `/teller/jobs/${String(params.jobId)}`, body });
      if (body.holders?.includes('cy'))
        return HttpResponse.json(
          {
            error: 'CONFLICT',
            message: economyText.jobsLimitReached,
            fields: { 'holders.1': economyText.jobLimitReached('Cy Park') },
          },
          { status: 409 },
        );
      jobs = jobs.map((j) => (j.jobId === Number(params.jobId) ? { ...j, ...body } : j));
      return HttpResponse.json(jobs.find((j) => j.jobId === Number(params.jobId)));
    }),
  );
});

/** The holders' search box (Mantine labels its option list with the same label). */
const holdersBox = (form: HTMLElement) =>
  within(form)
    .getAllByLabelText(new RegExp(t.holdersLabel))
    .find((el) => el.tagName === 'INPUT' && (el as HTMLInputElement).type !== 'hidden')!;

describe('Jobs', () => {
  it('lists the class jobs with wage and holders by name', async () => {
    renderApp('/1/jobs', ourTeacher);
    const table = await screen.findByRole('table', { name: t.jobsTable });
    const row = within(table).getAllByTestId('job-row')[0]!;
    expect(row).toHaveTextContent('Librarian');
    expect(row).toHaveTextContent('$2.00');
    expect(row).toHaveTextContent('Ana Lee');
  });

  it('makes a job for the class and assigns two students to it', async () => {
    const { user } = renderApp('/1/jobs', ourTeacher);
    await user.click(await screen.findByRole('button', { name: t.newJob }));
    const form = screen.getByRole('region', { name: t.createJobTitle });
    await user.type(within(form).getByLabelText(new RegExp(`^${t.jobNameLabel}`)), 'Plant waterer');
    await user.type(within(form).getByLabelText(new RegExp(`^${t.wageLabel}`)), '1.50');
    const holders = holdersBox(form);
    await user.click(holders);
    await user.click(await within(form).findByRole('option', { name: /Ana Lee/ }));
    await user.click(await within(form).findByRole('option', { name: /Ben Ode/ }));
    await user.click(within(form).getByRole('button', { name: t.createJob }));
    expect(await screen.findByText(t.jobSaved('Plant waterer'))).toBeInTheDocument();
    expect(sent).toEqual([
      { method: 'POST', url: '/teller/jobs', body: { name: 'Plant waterer', wage: 1.5, branchId: 1 } },
      { method: 'PUT', url: '/teller/jobs/2', body: { holders: ['ana', 'ben'] } },
    ]);
    await waitFor(() => expect(screen.getAllByTestId('job-row')).toHaveLength(2));
    expect(screen.getAllByTestId('job-row')[1]).toHaveTextContent('Ana Lee, Ben Ode');
  });

  it("shows the server's refusal of a fourth job in words, naming the student", async () => {
    const { user } = renderApp('/1/jobs', ourTeacher);
    await user.click(await screen.findByRole('button', { name: t.editJob('Librarian') }));
    const form = screen.getByRole('region', { name: t.editJobTitle('Librarian') });
    await user.click(holdersBox(form));
    await user.click(await within(form).findByRole('option', { name: /Cy Park/ }));
    await user.click(within(form).getByRole('button', { name: t.saveJob }));
    expect(await within(form).findByText(economyText.jobsLimitReached)).toBeInTheDocument();
    expect(within(form).getByTestId('job-refusals')).toHaveTextContent(
      economyText.jobLimitReached('Cy Park'),
    );
  });
});

describe('Job board', () => {
  const board: BoardJob[] = [
    { ...boardLibrarian, mine: true, holderCount: 3, holderNames: ['Ana', 'Benny'] },
    { jobId: 2, branchId: 1, name: 'Gardener', wage: 1.5, mine: false, holderCount: 0, holderNames: [] },
    {
      jobId: 3,
      branchId: null,
      name: 'Messenger',
      wage: 3,
      mine: false,
      holderCount: 4,
      holderNames: ['Ana'],
    },
  ];

  it('shows "My jobs" first, then the jobs of the class, with wages and who does them', async () => {
    let asked = '';
    server.use(
      http.get('*/api/user/jobBoard/:username', ({ params }) => {
        asked = String(params.username);
        return HttpResponse.json(board);
      }),
    );
    renderApp('/1/job-board', student);
    const mine = await screen.findByRole('region', { name: t.myJobsHeading });
    const theClass = screen.getByRole('region', { name: t.classJobsHeading });
    expect(asked).toBe(student.username);
    // "My jobs" comes first on the page.
    expect(mine.compareDocumentPosition(theClass) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const card = within(mine).getByTestId('my-job');
    expect(card).toHaveTextContent('Librarian');
    expect(card).toHaveTextContent(t.myJobPays('$2.00'));
    expect(card).toHaveTextContent(t.withYou('Ana, Benny'));
    const [gardener, messenger] = within(theClass).getAllByTestId('class-job');
    expect(gardener).toHaveTextContent(t.myJobPays('$1.50'));
    expect(gardener).toHaveTextContent(t.nobodyYet);
    expect(messenger).toHaveTextContent('Messenger');
    expect(messenger).toHaveTextContent(t.everyClass);
    // Four hold it, one named: the other three are of other classes.
    expect(messenger).toHaveTextContent(t.doneBy('Ana and 3 more'));
    expect(within(theClass).queryByTestId('my-job')).toBeNull();
  });

  it('says so when the Student has no job yet, and still shows the class jobs', async () => {
    server.use(
      http.get('*/api/user/jobBoard/:username', () =>
        HttpResponse.json(board.map((job) => ({ ...job, mine: false }))),
      ),
    );
    renderApp('/1/job-board', student);
    const mine = await screen.findByRole('region', { name: t.myJobsHeading });
    expect(mine).toHaveTextContent(t.myJobsNone);
    const theClass = screen.getByRole('region', { name: t.classJobsHeading });
    expect(within(theClass).getAllByTestId('class-job')).toHaveLength(3);
    expect(within(theClass).getAllByTestId('class-job')[0]).toHaveTextContent(
      t.doneBy('Ana, Benny and 1 more'),
    );
  });
});
