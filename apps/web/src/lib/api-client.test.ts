import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import {
  accountCalls,
  bankCalls,
  branchCalls,
  messages,
  statementCalls,
  userCalls,
  type Route,
} from '@bank/shared';
import { addressOf } from '../../build/contract-addresses';
import { server } from '../test/server';
import { api, ApiError } from './api-client';

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error('expected an ApiError');
  return error;
}

describe('ApiError', () => {
  it("carries the server's reason next to its error, message and fields", async () => {
    server.use(
      http.post('*/api/admin/branches/create', () =>
        HttpResponse.json(
          { error: 'CONFLICT', reason: 'BRANCH_EXISTS', message: messages.branchExists },
          { status: 409 },
        ),
      ),
    );
    const error = await failureOf(api.call(branchCalls.create, { body: { branchName: 'Main' } }));
    expect(error).toMatchObject({
      status: 409,
      code: 'CONFLICT',
      reason: 'BRANCH_EXISTS',
      message: messages.branchExists,
    });
  });

  it('has no reason when the answer names none or one it does not know', async () => {
    server.use(
      http.get('*/api/user/bank/1', () =>
        HttpResponse.json({ error: 'FORBIDDEN', reason: 'SOMETHING_NEW', message: 'No.' }, { status: 403 }),
      ),
      http.get('*/api/user/bank/2', () =>
        HttpResponse.json({ error: 'FORBIDDEN', message: 'No.' }, { status: 403 }),
      ),
    );
    expect((await failureOf(api.call(bankCalls.get, { params: { bankId: 1 } }))).reason).toBeUndefined();
    expect((await failureOf(api.call(bankCalls.get, { params: { bankId: 2 } }))).reason).toBeUndefined();
  });
});

describe('api.call', () => {
  it('builds the path from the entry and its parameters, each encoded as one segment', async () => {
    let url = '';
    server.use(
      http.get('*/api/user/accounts/user/:username', ({ request }) => {
        url = request.url;
        return HttpResponse.json([]);
      }),
    );
    expect(await api.call(accountCalls.ofUser, { params: { username: 'a b/c' } })).toEqual([]);
    expect(new URL(url).pathname).toBe('/api/user/accounts/user/a%20b%2Fc');
  });

  // The web build gives the client each entry's address only (build/contract-addresses.ts): it must
  // need nothing more of an entry than that.
  it.each([
    ['the whole entries', <R extends Route>(entry: R) => entry],
    [
      'their addresses, as the build has them',
      <R extends Route>(entry: R) => addressOf(entry) as unknown as R,
    ],
  ])('sends a text body as text and reads each answer as the entry declares it, from %s', async (_, as) => {
    let sent = { type: '', body: '' };
    server.use(
      http.put('*/api/user/users/kid/updateDisplayName', async ({ request }) => {
        sent = { type: request.headers.get('content-type') ?? '', body: await request.text() };
        return HttpResponse.json({ userId: 'kid' });
      }),
      http.post('*/api/admin/users/kid/resetPassword', () => HttpResponse.text('Temporary password: x')),
      http.get('*/api/user/statements/download/:name', () =>
        HttpResponse.arrayBuffer(new Uint8Array([37, 80, 68, 70]).buffer, {
          headers: { 'content-type': 'application/pdf' },
        }),
      ),
      http.delete('*/api/admin/branches/3/delete', () => new HttpResponse(null, { status: 204 })),
    );
    await api.call(as(userCalls.updateDisplayName), { params: { userId: 'kid' }, body: 'Sam' });
    expect(sent).toEqual({ type: 'text/plain; charset=utf-8', body: 'Sam' });
    expect(await api.call(as(userCalls.resetPassword), { params: { userId: 'kid' } })).toBe(
      'Temporary password: x',
    );
    const pdf = await api.call(as(statementCalls.download), { params: { fileName: 'statement.pdf' } });
    expect({ type: pdf.type, size: pdf.size }).toEqual({ type: 'application/pdf', size: 4 });
    expect(await api.call(as(branchCalls.delete), { params: { branchId: 3 } })).toBeUndefined();
  });
});
