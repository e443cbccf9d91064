import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { pagedAnswer } from './paging';
import {
  admin,
  bankAccounts,
  bankSettings,
  branches,
  checking,
  roster,
  savings,
  student,
  teller,
} from './fixtures';

const users = { student, teller, admin };

/** The API as the demo bank answers it; tests override single calls with `server.use`. */
export const handlers = [
  http.post('*/api/login', () => HttpResponse.text('token-123')),
  http.post('*/api/logout', () => new HttpResponse(null, { status: 204 })),
  http.get('*/api/user/users/:username', ({ params }) => {
    const user = users[String(params.username) as keyof typeof users];
    return user
      ? HttpResponse.json(user)
      : HttpResponse.json({ error: 'NOT_FOUND', message: 'Not found.' }, { status: 404 });
  }),
  http.get('*/api/user/accounts/user/:username', () => HttpResponse.json([checking, savings])),
  http.get('*/api/teller/accounts/bank/:bankId', () => HttpResponse.json(bankAccounts)),
  http.get('*/api/teller/branches/:bankId', () => HttpResponse.json(branches)),
  // The admin's home asks for the bank's users (its setup checklist), as Manage Users does.
  http.get('*/api/admin/users/:bankId', () => HttpResponse.json(Object.values(users))),
  http.get('*/api/user/bank/:bankId', () => HttpResponse.json(bankSettings)),
  // No PUBLIC_URL: sign-in slips print the browser's own address.
  http.get('*/api/admin/signInAddress', () => HttpResponse.json({ publicUrl: null })),
  http.get('*/api/user/transactions/:accountId', () => HttpResponse.json([])),
  // Students who take part (issue 24): nothing waits, nobody has goals, until a test says so.
  http.get('*/api/teller/requests/:bankId', () => HttpResponse.json([])),
  http.get('*/api/teller/batches/:bankId', () => HttpResponse.json([])),
  http.get('*/api/teller/schedules/:bankId', () => HttpResponse.json([])),
  http.get('*/api/user/requests/:username', () => HttpResponse.json([])),
  http.get('*/api/user/goals/:username', () => HttpResponse.json([])),
  // The class store (issue 34): nothing for sale, no orders, until a test says so.
  http.get('*/api/user/items/:bankId', () => HttpResponse.json([])),
  http.get('*/api/user/orders/:username', () => HttpResponse.json([])),
  http.get('*/api/teller/orders/:bankId', () => HttpResponse.json([])),
  // Notifications (issue 35): none, and no live stream (the bell polls), until a test says so.
  http.get('*/api/user/notifications', () => HttpResponse.json({ items: [], unread: 0 })),
  http.get('*/api/user/notifications/stream', () =>
    HttpResponse.json({ error: 'UNAVAILABLE', message: 'Not in this test.' }, { status: 503 }),
  ),
  // Auctions (issue 34 item 4): none until a test says so.
  http.get('*/api/user/auctions/:bankId', () => HttpResponse.json([])),
  http.get('*/api/teller/students/:bankId/goals', () => HttpResponse.json([])),
  http.get('*/api/teller/students/:bankId', ({ request }) => {
    const branchId = new URL(request.url).searchParams.get('branchId');
    const inBranch = roster.filter((s) => !branchId || String(s.branchId) === branchId);
    return pagedAnswer(
      request,
      inBranch,
      (s) => s.userId,
      (s) => [s.name, s.username],
    );
  }),
];

export const server = setupServer(...handlers);
