import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { bankCalls, branchCalls, messages } from '@bank/shared';
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
