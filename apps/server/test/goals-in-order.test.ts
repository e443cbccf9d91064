import { beforeEach, describe, expect, it } from 'vitest';
import { participationText as m } from '@bank/shared';
import { createSession } from '../src/domain/auth/sessions.js';
import { call, useTestApp } from './harness.js';
import { insertClassmate, makeWaitingBanker, seedBank, type SeededBank } from './fixtures.js';

/**
 * API.md "Goals share nothing": a savings account's goals fill in their order from its available
 * balance, the first taking what it needs, the next what is left; no two count the same dollars,
 * and a new goal is not reached by money already promised to another.
 */

const t = useTestApp();
let bank: SeededBank;
let saver: { username: string; token: string; savings: string };

const get = (token: string, url: string) => call(t.app, 'GET', url, { token });
const post = (token: string, url: string, body?: unknown) => call(t.app, 'POST', url, { token, body });
const put = (goalId: number, body: unknown) =>
  call(t.app, 'PUT', `/user/goals/${goalId}`, { token: saver.token, body });
const addGoal = async (name: string, amount: number) => {
  const res = await post(saver.token, '/user/goals', { accountId: saver.savings, name, amount });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { goalId: number };
};
const fund = async (amount: number) => {
  const res = await post(bank.tokens.admin, '/teller/deposits', { accountId: saver.savings, amount });
  expect(res.status).toBe(201);
};
/** The saver's goals as the API lists them: name, place, held and progress. */
const goals = async () =>
  ((await get(saver.token, `/user/goals/${saver.username}`)).body as any[]).map((g) => ({
    name: g.name,
    position: g.position,
    held: g.held,
    progress: g.progress,
    reached: g.reachedAt !== null,
  }));

beforeEach(async () => {
  bank = await seedBank(t.db, 'goals');
  const mate = await insertClassmate(t.db, bank, 'goals-saver');
  saver = { ...mate, token: await createSession(t.db, mate.id, 3600) };
});

describe('goals fill in their order', () => {
  it('two goals never count the same dollars: the first takes what it needs, the next what is left', async () => {
    await fund(50);
    await addGoal('Bike', 40);
    await addGoal('Book', 30);
    expect(await goals()).toEqual([
      { name: 'Bike', position: 1, held: 40, progress: 1, reached: true },
      { name: 'Book', position: 2, held: 10, progress: 1 / 3, reached: false },
    ]);
    const [bike, book] = (await get(saver.token, `/user/goals/${saver.username}`)).body;
    // What they hold together is at most what the account has; what is left is each one's own.
    expect(bike.held + book.held).toBe(50);
    expect([bike.left, book.left]).toEqual([0, 20]);
    expect([bike.balance, book.balance]).toEqual([50, 50]);
  });

  it('a new goal is not reached by money already promised to another', async () => {
    await fund(40);
    await addGoal('Bike', 40);
    const created = await post(saver.token, '/user/goals', {
      accountId: saver.savings,
      name: 'Ball',
      amount: 20,
    });
    expect(created.body).toMatchObject({ position: 2, held: 0, progress: 0, left: 20, reachedAt: null });
    expect(await goals()).toEqual([
      { name: 'Bike', position: 1, held: 40, progress: 1, reached: true },
      { name: 'Ball', position: 2, held: 0, progress: 0, reached: false },
    ]);
  });

  it('moving a goal first gives it the money first; the others shift, and deleting closes the gap', async () => {
    await fund(45);
    const bike = await addGoal('Bike', 40);
    await addGoal('Book', 10);
    const ball = await addGoal('Ball', 20);
    const moved = await put(ball.goalId, { position: 1 });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ name: 'Ball', position: 1, held: 20, progress: 1 });
    // Listed in their order. Bike was reached once (and celebrated): that stays, its share does not.
    expect(await goals()).toEqual([
      { name: 'Ball', position: 1, held: 20, progress: 1, reached: true },
      { name: 'Bike', position: 2, held: 25, progress: 25 / 40, reached: true },
      { name: 'Book', position: 3, held: 0, progress: 0, reached: false },
    ]);
    // Down again, past one: those between move up one place.
    expect((await put(ball.goalId, { position: 2 })).body.position).toBe(2);
    const places = async () => Object.fromEntries((await goals()).map((g) => [g.name, g.position]));
    expect(await places()).toEqual({ Bike: 1, Ball: 2, Book: 3 });
    expect((await call(t.app, 'DELETE', `/user/goals/${bike.goalId}`, { token: saver.token })).status).toBe(
      204,
    );
    expect(await places()).toEqual({ Ball: 1, Book: 2 });
    expect(await goals()).toEqual([
      { name: 'Ball', position: 1, held: 20, progress: 1, reached: true },
      { name: 'Book', position: 2, held: 10, progress: 1, reached: true },
    ]);
  });

  it('a place beyond the goals, or not a place, is a 400 that changes nothing', async () => {
    const bike = await addGoal('Bike', 40);
    await addGoal('Book', 30);
    const before = await goals();
    const beyond = await put(bike.goalId, { position: 3 });
    expect([beyond.status, beyond.body.message, beyond.body.fields]).toEqual([
      400,
      m.goalPositionRange(2),
      { position: m.goalPositionRange(2) },
    ]);
    for (const position of [0, 6, 1.5, '1', null]) {
      const bad = await put(bike.goalId, { position });
      expect(bad.status, String(position)).toBe(400);
      expect(bad.body.message).toBe(m.goalPositionRange(5));
    }
    expect(await goals()).toEqual(before);
  });

  it('goals fill from what is available: a waiting request holds its money from them', async () => {
    await addGoal('Bike', 25);
    await addGoal('Book', 10);
    await fund(30);
    // A class banker asks to take 12.00 out; above the bank's limit it waits and holds it.
    await makeWaitingBanker(t.db, bank);
    const asked = await post(bank.tokens.student, '/user/requests', {
      kind: 'withdrawal',
      accountId: saver.savings,
      amount: 12,
    });
    expect(asked.body.status).toBe('waiting');
    expect(await goals()).toEqual([
      { name: 'Bike', position: 1, held: 18, progress: 18 / 25, reached: false },
      { name: 'Book', position: 2, held: 0, progress: 0, reached: false },
    ]);
  });

  it('moves at once keep the places 1, 2, 3, each once', async () => {
    const made = [await addGoal('A', 1), await addGoal('B', 1), await addGoal('C', 1), await addGoal('D', 1)];
    const moves = Array.from({ length: 12 }, (_, i) => put(made[i % 4]!.goalId, { position: (i % 3) + 1 }));
    for (const res of await Promise.all(moves)) expect(res.status).toBe(200);
    expect((await goals()).map((g) => g.position).sort()).toEqual([1, 2, 3, 4]);
  });

  it('staff see the goals in order; another Student cannot move them', async () => {
    const bike = await addGoal('Bike', 40);
    await addGoal('Book', 30);
    const moved = await call(t.app, 'PUT', `/user/goals/${bike.goalId}`, {
      token: bank.tokens.student,
      body: { position: 2 },
    });
    expect(moved.status).toBe(404);
    const staff = await get(bank.tokens.teller, `/user/goals/${saver.username}`);
    expect(staff.body.map((g: any) => [g.name, g.position])).toEqual([
      ['Bike', 1],
      ['Book', 2],
    ]);
  });
});
