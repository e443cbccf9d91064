import { expect, type APIRequestContext } from '@playwright/test';
import { branchIdOf, createAccount, createStudent, unique } from './admin-helpers';
import { apiToken, bearer } from './support';

/** The password the class's Students choose at their first sign-in. */
export const PASSWORD = 'Maple-River-2468';

export interface Student {
  username: string;
  name: string;
  checking: string;
}

/** A POST through the API for a test's set-up; anything but a 2xx fails the test. */
export async function postOk(request: APIRequestContext, token: string, url: string, data: unknown = {}) {
  const answer = await request.post(url, { headers: bearer(token), data });
  expect(answer.status(), await answer.text()).toBeLessThan(300);
  return answer;
}

/** A Student made through the API with a password of their own and $10 on a checking account. */
export async function readyStudent(
  request: APIRequestContext,
  admin: string,
  branchId: number,
  prefix = 'student',
): Promise<Student> {
  const username = unique(prefix);
  const temporary = await createStudent(request, admin, username, branchId);
  const token = await apiToken(request, username, temporary);
  const changed = await request.put(`/api/user/users/${username}/updatePassword`, {
    headers: bearer(token),
    data: [temporary, PASSWORD],
  });
  expect(changed.status(), await changed.text()).toBe(200);
  const checking = await createAccount(request, admin, username, branchId, 'CHECKING');
  await postOk(request, admin, '/api/teller/deposits', { accountId: checking, amount: 10 });
  return { username, name: `Test ${username}`, checking };
}

/** A class of its own (a branch) with two Students: what it is offered is seen by them only. */
export async function newClass(request: APIRequestContext, prefix = 'student') {
  const admin = await apiToken(request, 'admin');
  const branchName = unique('Room');
  await postOk(request, admin, '/api/admin/branches/create', { branchName, bankId: 1, numOfAccounts: 0 });
  const branchId = await branchIdOf(request, admin, branchName);
  const first = await readyStudent(request, admin, branchId, prefix);
  const second = await readyStudent(request, admin, branchId, prefix);
  return { admin, branchId, branchName, first, second };
}
