import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Notification } from '@bank/shared';
import { student } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { server } from '../../test/server';

const notice = (id: number, text: string, readAt: string | null = null): Notification => ({
  id,
  kind: 'paid',
  text,
  link: '/account/1000000001',
  createdAt: '2026-11-27T10:00:00.000Z',
  readAt,
});

describe('the notification bell', () => {
  it('counts the unread; a notice marks itself read and leads to its account', async () => {
    let notices = [
      notice(2, '$5.00 arrived in your account: Payday.'),
      notice(1, 'Older.', '2026-11-27T11:00:00.000Z'),
    ];
    const marked: unknown[] = [];
    server.use(
      http.get('*/api/user/notifications', () =>
        HttpResponse.json({ items: notices, unread: notices.filter((n) => !n.readAt).length }),
      ),
      http.post('*/api/user/notifications/read', async ({ request }) => {
        marked.push(await request.json());
        notices = notices.map((n) => ({ ...n, readAt: n.readAt ?? '2026-11-27T12:00:00.000Z' }));
        return HttpResponse.json({ unread: 0 });
      }),
    );
    const { user, router } = renderApp('/', student);
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await user.click(bell);
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    await user.click(within(dialog).getByText('$5.00 arrived in your account: Payday.'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/1000000001'));
    expect(marked).toEqual([{ ids: [2] }]);
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeTruthy();
  });

  it('a notice on the live stream brings the bell up to date without a reload', async () => {
    let notices: Notification[] = [];
    const encoder = new TextEncoder();
    let push: ((text: string) => void) | undefined;
    server.use(
      http.get('*/api/user/notifications', () =>
        HttpResponse.json({ items: notices, unread: notices.length }),
      ),
      http.get('*/api/user/notifications/stream', () => {
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            push = (text) => controller.enqueue(encoder.encode(text));
            push(': open\n\n');
          },
        });
        return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } });
      }),
    );
    renderApp('/', student);
    await screen.findByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(push).toBeDefined());
    notices = [notice(3, '$2.00 arrived in your account: Award: Helper.')];
    push!(`event: notification\ndata: ${JSON.stringify(notices[0])}\n\n`);
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeTruthy();
  });
});
