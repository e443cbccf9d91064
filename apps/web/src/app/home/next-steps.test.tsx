import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminGuidance as text, type User } from '@bank/shared';
import { admin, bankSettings, branches, checking, student, teller } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { server } from '../../test/server';

/** A bank whose three setup steps are done, with what the next steps look at. */
function readyBank({ users = [admin, student], timeZone = 'UTC', paydays = 0 } = {}) {
  server.use(
    http.get('*/api/teller/branches/:bankId', () => HttpResponse.json(branches)),
    http.get('*/api/admin/users/:bankId', () => HttpResponse.json(users satisfies User[])),
    http.get('*/api/teller/accounts/bank/:bankId', () => HttpResponse.json([checking])),
    http.get('*/api/user/bank/:bankId', () => HttpResponse.json({ ...bankSettings, timeZone })),
    http.get('*/api/teller/batches/:bankId', () =>
      HttpResponse.json(paydays ? [{ batchId: 'b1', kind: 'deposit' }] : []),
    ),
  );
}

const region = () => screen.findByRole('region', { name: text.nextTitle });

function steps(card: HTMLElement) {
  return within(card)
    .getAllByRole('listitem')
    .map((item) => [within(item).getAllByRole('link')[0]!.textContent, item.getAttribute('data-done')]);
}

describe("the next steps on a new bank's Home", () => {
  beforeEach(() => window.localStorage.clear());

  it('follow the setup: teachers, time zone, the first pay and slips, each a link, none done yet', async () => {
    readyBank();
    renderApp('/home', admin);
    const card = await region();
    expect(steps(card)).toEqual([
      [text.nextTeachers, 'false'],
      [text.nextTimeZone, 'false'],
      [text.nextPay, 'false'],
      [text.nextSlips, 'false'],
    ]);
    expect(within(card).getByRole('link', { name: text.nextTimeZone })).toHaveAttribute(
      'href',
      '/1/admin/bank',
    );
    expect(within(card).getByRole('link', { name: text.nextSchedule })).toHaveAttribute(
      'href',
      '/1/schedules',
    );
    expect(card).toHaveTextContent(text.setupProgress(0, 4));
    expect(screen.queryByRole('region', { name: text.setupTitle })).toBeNull();
  });

  it('tick what the bank shows done, and the slips once their link is followed', async () => {
    readyBank({ users: [admin, student, teller], timeZone: 'America/Chicago', paydays: 1 });
    const { user } = renderApp('/home', admin);
    const card = await region();
    expect(steps(card).map(([, done]) => done)).toEqual(['true', 'true', 'true', 'false']);
    await user.click(within(card).getByRole('link', { name: text.nextSlips }));
    expect(JSON.parse(window.localStorage.getItem('bank.nextSteps.1')!)).toEqual({ slips: true });
  });

  it('go when hidden, and stay hidden', async () => {
    readyBank();
    const { user, unmount } = renderApp('/home', admin);
    await user.click(within(await region()).getByRole('button', { name: text.nextHide }));
    await waitFor(() => expect(screen.queryByRole('region', { name: text.nextTitle })).toBeNull());
    unmount();
    renderApp('/home', admin);
    expect(await screen.findAllByTestId('action-tile')).not.toHaveLength(0);
    expect(screen.queryByRole('region', { name: text.nextTitle })).toBeNull();
  });

  it('wait for the setup, and are never shown to a teller', async () => {
    server.use(http.get('*/api/teller/branches/:bankId', () => HttpResponse.json([])));
    const view = renderApp('/home', admin);
    await screen.findByRole('region', { name: text.setupTitle });
    expect(screen.queryByRole('region', { name: text.nextTitle })).toBeNull();
    view.unmount();

    readyBank();
    renderApp('/home', teller);
    expect(await screen.findAllByTestId('action-tile')).not.toHaveLength(0);
    expect(screen.queryByRole('region', { name: text.nextTitle })).toBeNull();
  });
});
