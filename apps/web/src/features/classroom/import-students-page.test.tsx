import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { QRCodeSVG } from 'qrcode.react';
import { renderToStaticMarkup } from 'react-dom/server';
import { classroomText as t, teacherText, type ImportResult } from '@bank/shared';
import { admin, checking } from '../../test/fixtures';
import { importResultStore } from '../../lib/import-result';
import { SAMPLE_CSV } from './import-form';
import { renderApp } from '../../test/render-app';
import { server } from '../../test/server';

const GOOD = 'username,name,branch,accounts\nmaya.chen,Maya Chen,Main Campus,CHECKING\n';
const BAD = 'username,name,branch,accounts\nmaya.chen,Maya Chen,Nroth Campus,CHECKING\n';
const NO_BRANCH = 'There is no branch "Nroth Campus". Choose one of: Main Campus, North Campus.';

function fakeImport() {
  const calls: { dryRun: boolean; type: string | null; body: string }[] = [];
  server.use(
    http.post('*/api/admin/users/import', async ({ request }) => {
      const body = await request.text();
      const dryRun = new URL(request.url).searchParams.get('dryRun') === 'true';
      calls.push({ dryRun, type: request.headers.get('Content-Type'), body });
      const ok = body.includes('Main Campus');
      const row = {
        line: 2,
        written: {
          username: 'maya.chen',
          name: 'Maya Chen',
          branch: ok ? 'Main Campus' : 'Nroth Campus',
          accounts: 'CHECKING',
        },
        username: 'maya.chen',
        name: 'Maya Chen',
        branchId: ok ? 1 : null,
        accounts: ['CHECKING'],
        error: ok ? null : NO_BRANCH,
      };
      if (dryRun) return HttpResponse.json({ ok, rows: [row], newBranches: [] });
      const account = { ...checking, username: 'maya.chen' };
      return HttpResponse.json(
        {
          created: [
            {
              username: 'maya.chen',
              name: 'Maya Chen',
              branchId: 1,
              temporaryPassword: 'otter-lamp-42',
              accounts: [account],
            },
          ],
        },
        { status: 201 },
      );
    }),
  );
  return calls;
}

describe('Import Students', () => {
  it('checks, shows each error beside its line, re-checks after a fix, then creates', async () => {
    const calls = fakeImport();
    const { user } = renderApp('/1/admin/users/import', admin);
    const box = await screen.findByLabelText(t.rosterLabel);
    // The box shows the sample file's rows as its example, header line first.
    expect(box).toHaveAttribute('placeholder', SAMPLE_CSV.replaceAll('\r\n', '\n').trim());
    expect(box.getAttribute('placeholder')).toMatch(/^username,name,branch,accounts\nmaya\.chen,/);
    await user.click(box);
    await user.paste(BAD);
    await user.click(screen.getByRole('button', { name: t.check }));
    const row = await screen.findByTestId('import-row');
    // What was typed, even where it names no branch, and the error that names the branches there are.
    expect(within(row).getByText('Nroth Campus')).toBeInTheDocument();
    expect(row).toHaveTextContent(NO_BRANCH);
    expect(row).toHaveTextContent('2');
    // Focus on the check's summary, with the buttons right under it (before the rows).
    const summary = screen.getByTestId('check-summary');
    await waitFor(() => expect(summary).toHaveFocus());
    expect(summary).toHaveTextContent(t.checkProblems(1));
    const createButton = screen.getByRole('button', { name: t.createStudents });
    expect(createButton).toBeDisabled();
    expect(summary.compareDocumentPosition(createButton) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(createButton.compareDocumentPosition(row) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.clear(box);
    await user.paste(GOOD);
    // Changed since the check: Create waits for a new check.
    expect(screen.getByText(t.recheckNeeded)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t.check }));
    expect(await screen.findByText(t.checkOk(1))).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('check-summary')).toHaveFocus());
    await user.click(screen.getByRole('button', { name: t.createStudents }));
    const created = await screen.findByTestId('created-row');
    // Focus on "1 student created", with the way to the slips inside it.
    const message = screen.getByTestId('created-message');
    await waitFor(() => expect(message).toHaveFocus());
    expect(message).toHaveTextContent(t.created(1));
    expect(within(message).getByRole('link', { name: t.printSlips })).toBeInTheDocument();
    expect(created).toHaveTextContent('otter-lamp-42');
    expect(created).toHaveTextContent('CHECKING **0001');
    expect(calls.map((c) => [c.dryRun, c.type])).toEqual([
      [true, 'text/csv; charset=utf-8'],
      [true, 'text/csv; charset=utf-8'],
      [false, 'text/csv; charset=utf-8'],
    ]);
    expect(calls[2]!.body).toBe(GOOD);
    // Kept for this tab only, never in localStorage.
    expect(window.sessionStorage.getItem('bank.studentImport')).toContain('otter-lamp-42');
    expect(JSON.stringify({ ...window.localStorage })).not.toContain('otter-lamp-42');
  });

  it('offers to create a class that does not exist yet, and checks and creates with it', async () => {
    const queries: string[] = [];
    server.use(
      http.post('*/api/admin/users/import', async ({ request }) => {
        const url = new URL(request.url);
        queries.push(url.search);
        const creating = url.searchParams.get('createBranches') === 'true';
        const row = {
          line: 2,
          written: { username: 'maya.chen', name: 'Maya Chen', branch: 'Room 12', accounts: 'CHECKING' },
          username: 'maya.chen',
          name: 'Maya Chen',
          branchId: null,
          accounts: ['CHECKING'],
          error: creating ? null : NO_BRANCH,
        };
        if (url.searchParams.get('dryRun') === 'true')
          return HttpResponse.json({ ok: creating, rows: [row], newBranches: ['Room 12'] });
        return HttpResponse.json({ created: [{ ...oneStudent.created[0]!, branchId: 3 }] }, { status: 201 });
      }),
    );
    const { user } = renderApp('/1/admin/users/import', admin);
    await user.click(await screen.findByLabelText(t.rosterLabel));
    await user.paste('username,name,branch,accounts\nmaya.chen,Maya Chen,Room 12,CHECKING\n');
    await user.click(screen.getByRole('button', { name: t.check }));
    const offer = await screen.findByTestId('new-classes');
    expect(offer).toHaveTextContent(teacherText.newClassesFound(['Room 12']));
    await user.click(within(offer).getByRole('button', { name: teacherText.createClassesToo(1) }));
    expect(await screen.findByText(t.checkOk(1))).toBeInTheDocument();
    expect(screen.getByTestId('new-classes')).toHaveTextContent(
      teacherText.classesWillBeCreated(['Room 12']),
    );
    expect(screen.getByTestId('import-row')).toHaveTextContent(teacherText.newClass('Room 12'));
    await user.click(screen.getByRole('button', { name: t.createStudents }));
    await screen.findByTestId('created-row');
    expect(queries).toEqual([
      '?dryRun=true&createBranches=false',
      '?dryRun=true&createBranches=true',
      '?createBranches=true',
    ]);
  });

  it('prints slips of the result, and warns before the result is left', async () => {
    fakeImport();
    const { user, router } = renderApp('/1/admin/users/import', admin);
    await user.click(await screen.findByLabelText(t.rosterLabel));
    await user.paste(GOOD);
    await user.click(screen.getByRole('button', { name: t.check }));
    await user.click(await screen.findByRole('button', { name: t.createStudents }));
    await user.click(await screen.findByRole('link', { name: t.printSlips }));
    // The slips are a lazy route: its first load in a busy run outlasts a find's usual wait.
    await screen.findByRole('heading', { name: t.slipsTitle }, { timeout: 15_000 });
    const slip = await screen.findByTestId('sign-in-slip');
    expect(slip).toHaveTextContent('Maya Chen');
    expect(slip).toHaveTextContent('Demo School Bank');
    expect(within(slip).getByTestId('slip-password')).toHaveTextContent('otter-lamp-42');
    expect(within(slip).getByTestId('slip-address')).toHaveTextContent(`${window.location.origin}/login`);
    expect(within(slip).getByRole('img', { name: t.slipQrLabel })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: t.backToImport }));
    // Still there after going to the slips and back.
    expect(await screen.findByTestId('created-row')).toHaveTextContent('otter-lamp-42');
    await user.click(screen.getByRole('link', { name: 'Manage Users' }));
    const dialog = await screen.findByRole('dialog', { name: t.leaveImportTitle });
    await user.click(within(dialog).getByRole('button', { name: t.stay }));
    expect(router.state.location.pathname).toBe('/1/admin/users/import');
    await user.click(screen.getByRole('link', { name: 'Manage Users' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: t.leaveImportTitle })).getByRole('button', {
        name: t.leave,
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/1/admin/users'));
    expect(window.sessionStorage.getItem('bank.studentImport')).toBeNull();
  });

  it('says which address the slips print, and warns when students cannot reach it', async () => {
    renderApp('/1/admin/users/import', admin);
    const note = await screen.findByTestId('sign-in-address-note');
    // The test's browser is at localhost and the server has no PUBLIC_URL.
    expect(note).toHaveTextContent(t.signInAddressIs(`${window.location.origin}/login`));
    expect(note).toHaveTextContent(t.signInAddressUnreachable('localhost'));
    expect(note).toHaveTextContent('PUBLIC_URL=');
  });

  it("prints the server's PUBLIC_URL on the slips and in their QR code", async () => {
    const publicUrl = 'http://bank.my-school.example:3000';
    server.use(http.get('*/api/admin/signInAddress', () => HttpResponse.json({ publicUrl })));
    importResultStore.save(oneStudent);
    renderApp('/1/admin/users/import/slips', admin);
    await screen.findByRole('heading', { name: t.slipsTitle }, { timeout: 15_000 });
    const slip = await screen.findByTestId('sign-in-slip');
    expect(within(slip).getByTestId('slip-address')).toHaveTextContent(`${publicUrl}/login`);
    // The code opens the sign-in page with the User Id filled in (issue 33), never the password.
    expect(qrPath(within(slip).getByRole('img', { name: t.slipQrLabel }))).toBe(
      qrPathOf(`${publicUrl}/login?user=maya.chen`),
    );
    expect(within(slip).getByTestId('slip-class')).toHaveTextContent('Main Campus');
    const note = screen.getByTestId('sign-in-address-note');
    expect(note).toHaveTextContent(t.signInAddressIs(`${publicUrl}/login`));
    expect(note).toHaveTextContent(t.signInAddressFromSetting);
    expect(note).not.toHaveAttribute('data-warning');
  });

  it("falls back to the browser's address when the server's cannot be read", async () => {
    server.use(http.get('*/api/admin/signInAddress', () => HttpResponse.json({}, { status: 500 })));
    importResultStore.save(oneStudent);
    renderApp('/1/admin/users/import/slips', admin);
    await screen.findByRole('heading', { name: t.slipsTitle }, { timeout: 15_000 });
    const slip = await screen.findByTestId('sign-in-slip');
    const origin = `${window.location.origin}/login`;
    expect(within(slip).getByTestId('slip-address')).toHaveTextContent(origin);
    expect(qrPath(within(slip).getByRole('img', { name: t.slipQrLabel }))).toBe(
      qrPathOf(`${origin}?user=maya.chen`),
    );
  });
});

const oneStudent: ImportResult = {
  created: [
    {
      username: 'maya.chen',
      name: 'Maya Chen',
      branchId: 1,
      temporaryPassword: 'otter-lamp-42',
      accounts: [],
    },
  ],
};

/** The dark modules of a QR code as drawn (its second path; the first is the white square). */
function qrPath(svg: Element): string | null {
  return svg.querySelectorAll('path')[1]?.getAttribute('d') ?? null;
}

/** The same of a code that encodes `value`: equal paths, equal contents. */
function qrPathOf(value: string): string | null {
  const holder = document.createElement('div');
  holder.innerHTML = renderToStaticMarkup(<QRCodeSVG value={value} level="M" />);
  return qrPath(holder.querySelector('svg')!);
}
