import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@bank/shared';
import { student, teller } from '../../test/fixtures';
import { gate } from '../../test/gate';
import { renderApp } from '../../test/render-app';
import { server } from '../../test/server';
import { statementTexts } from './texts';

const names = [
  'statement-1000000001-2026-10.pdf',
  'statement-1000000002-2026-10.pdf',
  'statement-1000000001-2026-09.pdf',
  // An account that is closed now: not in the account list any more.
  'statement-3000000009-2026-08.pdf',
];
const pdfBytes = new TextEncoder().encode('%PDF-1.4 test statement');

interface Saved {
  download: string;
  href: string;
  blob: Blob | undefined;
}

let saved: Saved[] = [];
let blobs: Map<string, Blob>;

beforeEach(() => {
  saved = [];
  blobs = new Map();
  let n = 0;
  // jsdom has no object URLs and does not follow links: record what would be saved instead.
  URL.createObjectURL = vi.fn((blob: Blob) => {
    const url = `blob:test/${++n}`;
    blobs.set(url, blob);
    return url;
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ download: this.download, href: this.href, blob: blobs.get(this.href) });
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

function statementApi(list: string[] = names, held?: ReturnType<typeof gate>) {
  const downloads: { fileName: string; auth: string | null }[] = [];
  server.use(
    http.get('*/api/user/statements/:username', ({ params }) =>
      params.username === 'student' ? HttpResponse.json(list) : HttpResponse.json([]),
    ),
    http.get('*/api/user/statements/download/:fileName', async ({ params, request }) => {
      const fileName = String(params.fileName);
      downloads.push({ fileName, auth: request.headers.get('Authorization') });
      await held?.wait();
      if (!list.includes(fileName)) {
        return HttpResponse.json({ error: 'NOT_FOUND', message: messages.notFound }, { status: 404 });
      }
      return new HttpResponse(pdfBytes, {
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': `attachment; filename="${fileName}"`,
        },
      });
    }),
  );
  return downloads;
}

const items = () =>
  within(screen.getByRole('table', { name: statementTexts.listLabel }))
    .getAllByTestId('statement-item')
    .map((item) => item.textContent);

describe('statements', () => {
  it('lists the file names newest first, each with its month and account', async () => {
    statementApi();
    renderApp('/documents/statements', student);
    await screen.findByRole('table', { name: statementTexts.listLabel });
    await waitFor(
      () =>
        expect(items()).toEqual([
          'statement-1000000001-2026-10.pdfOctober 2026 · CHECKING **0001',
          'statement-1000000002-2026-10.pdfOctober 2026 · SAVINGS **0002',
          'statement-1000000001-2026-09.pdfSeptember 2026 · CHECKING **0001',
          'statement-3000000009-2026-08.pdfAugust 2026 · Account **0009',
        ]),
      // The account types arrive with a second call; a busy machine may take a moment.
      { timeout: 5000 },
    );
    // The file name itself is the button's name; the month and account describe it.
    const button = screen.getByRole('button', { name: names[1] });
    expect(button).toHaveAccessibleDescription('October 2026 · SAVINGS **0002');
  });

  it('downloads a statement with the bearer token and saves it under its own name', async () => {
    const held = gate();
    const downloads = statementApi(names, held);
    const { user } = renderApp('/documents/statements', student);
    await user.click(await screen.findByRole('button', { name: names[2] }));
    // The label changes while it works, and no second download starts meanwhile.
    expect(await screen.findByRole('button', { name: statementTexts.downloading(names[2]!) })).toBeDisabled();
    expect(screen.getByRole('button', { name: names[0] })).toBeDisabled();
    held.open();

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(downloads).toEqual([{ fileName: names[2], auth: 'Bearer token-123' }]);
    expect(saved[0]!.download).toBe(names[2]);
    expect(saved[0]!.href).toMatch(/^blob:/);
    const blob = saved[0]!.blob!;
    expect(blob.type).toBe('application/pdf');
    expect(Array.from(new Uint8Array(await blob.arrayBuffer()))).toEqual(Array.from(pdfBytes));
    // The link is gone again and the button is back.
    expect(document.querySelector('a[download]')).toBeNull();
    expect(await screen.findByRole('button', { name: names[2] })).toBeEnabled();
    await waitFor(() => expect(URL.revokeObjectURL).toHaveBeenCalledWith(saved[0]!.href), { timeout: 3000 });
  });

  it("shows the server's message when a download fails, and saves nothing", async () => {
    statementApi();
    server.use(
      http.get('*/api/user/statements/download/:fileName', () =>
        HttpResponse.json({ error: 'NOT_FOUND', message: messages.notFound }, { status: 404 }),
      ),
    );
    const { user } = renderApp('/documents/statements', student);
    await user.click(await screen.findByRole('button', { name: names[0] }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(statementTexts.downloadFailed);
    expect(alert).toHaveTextContent(`${names[0]}: ${messages.notFound}`);
    expect(saved).toHaveLength(0);
  });

  it('shows an empty state when there are no statements', async () => {
    statementApi([]);
    renderApp('/documents/statements', student);
    expect(await screen.findByText(statementTexts.empty)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: statementTexts.listLabel })).not.toBeInTheDocument();
  });

  it('shows the failed state of the list with a retry', async () => {
    let fail = true;
    server.use(
      http.get('*/api/user/statements/:username', () =>
        fail
          ? HttpResponse.json({ error: 'NOT_FOUND', message: messages.notFound }, { status: 404 })
          : HttpResponse.json(names),
      ),
    );
    const { user } = renderApp('/documents/statements', student);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load your statements.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: names[0] })).toBeInTheDocument();
  });

  it('sends other roles home', async () => {
    statementApi();
    const { router } = renderApp('/documents/statements', teller);
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });
});
