import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { messages } from '@bank/shared';
import { queryRows } from '../src/db/client.js';
import { call, useTestApp } from './harness.js';
import { seedTwoBanks } from './fixtures.js';

const t = useTestApp();
let banks: Awaited<ReturnType<typeof seedTwoBanks>>;
beforeEach(async () => {
  banks = await seedTwoBanks(t.db);
});

/** Every ticket row, so a refused request can be shown to have changed nothing. */
const allTickets = () =>
  queryRows<Record<string, unknown>>(t.db, sql`select * from support_tickets order by id`);

const validTicket = {
  ticketType: 'Bug',
  title: 'Balance looks wrong',
  ticketContents: 'My checking balance did not update after a deposit.',
  severity: '3. Major',
};

const create = (token: string, body: unknown) =>
  call(t.app, 'POST', '/user/supportTickets/create', { token, body });
const list = (token: string, bankId: number) =>
  call(t.app, 'GET', `/user/supportTickets/${bankId}`, { token });
const update = (token: string, body: unknown) =>
  call(t.app, 'PUT', '/user/supportTickets/update', { token, body });

/** A ticket written by the holder of `token`, as the API answered it. */
async function ticketBy(token: string, title = validTicket.title) {
  const res = await create(token, { ...validTicket, title });
  expect(res.status).toBe(201);
  return res.body as { id: number; status: string; title: string; username: string };
}

describe('POST /user/supportTickets/create', () => {
  it('lets every role open an "Open" ticket with its own bank', async () => {
    const { one } = banks;
    for (const [role, token] of Object.entries(one.tokens)) {
      const res = await create(token, { ...validTicket, bankId: one.bankId });
      expect(res.status, role).toBe(201);
      expect(res.body).toEqual({
        id: expect.any(Number),
        supportTicketId: res.body.id,
        bankId: one.bankId,
        username: expect.stringMatching(/^one-/),
        ticketType: 'Bug',
        title: 'Balance looks wrong',
        ticketContents: validTicket.ticketContents,
        severity: '3. Major',
        status: 'Open',
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      });
    }
    const admin = await create(one.tokens.admin, validTicket);
    expect(admin.body.username).toBe('one-admin');
  });

  it('trims the text, defaults type and severity, and ignores a status sent by the client', async () => {
    const res = await create(banks.one.tokens.student, {
      title: '  Typo  ',
      ticketContents: '  "Balence" on the home page ',
      status: 'Closed',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: 'Typo',
      ticketContents: '"Balence" on the home page',
      ticketType: 'Bug',
      severity: '1. Blocker',
      status: 'Open',
      bankId: banks.one.bankId,
    });
  });

  it("answers 400 with the form's messages for a missing title or description", async () => {
    const token = banks.one.tokens.student;
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ title: undefined }, 'title', 'Ticket must have a title'],
      [{ title: '' }, 'title', 'Ticket must have a title'],
      [{ title: '   ' }, 'title', 'Ticket must have a title'],
      [{ ticketContents: undefined }, 'ticketContents', 'Please describe the issue'],
      [{ ticketContents: '' }, 'ticketContents', 'Please describe the issue'],
      [{ ticketContents: ' \n ' }, 'ticketContents', 'Please describe the issue'],
      [{ title: 'x'.repeat(121) }, 'title', messages.ticketTitleTooLong],
      [{ ticketContents: 'x'.repeat(5001) }, 'ticketContents', messages.ticketDescriptionTooLong],
    ];
    for (const [change, field, message] of cases) {
      const res = await create(token, { ...validTicket, ...change });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'VALIDATION', message, fields: { [field]: message } });
    }
    for (const change of [{ ticketType: 'Complaint' }, { severity: '0. Apocalypse' }]) {
      expect((await create(token, { ...validTicket, ...change })).status).toBe(400);
    }
    expect(await allTickets()).toEqual([]);
  });

  it('accepts the longest title and description', async () => {
    const res = await create(banks.one.tokens.student, {
      ...validTicket,
      title: 't'.repeat(120),
      ticketContents: 'c'.repeat(5000),
    });
    expect(res.status).toBe(201);
  });

  it("answers 404 for another bank's id and 401 without a token, creating nothing", async () => {
    const { one, two } = banks;
    for (const token of [one.tokens.student, one.tokens.admin]) {
      expect((await create(token, { ...validTicket, bankId: two.bankId })).status).toBe(404);
    }
    expect((await call(t.app, 'POST', '/user/supportTickets/create', { body: validTicket })).status).toBe(
      401,
    );
    expect(await allTickets()).toEqual([]);
  });
});

describe('GET /user/supportTickets/{bankId}', () => {
  it('shows an admin every ticket of the bank and everyone else only their own', async () => {
    const { one, two } = banks;
    const byStudent = await ticketBy(one.tokens.student, 'student');
    const byOther = await ticketBy(one.tokens.otherStudent, 'other');
    const byTeller = await ticketBy(one.tokens.teller, 'teller');
    const byAdmin = await ticketBy(one.tokens.admin, 'admin');
    await ticketBy(two.tokens.student, 'bank two');

    const ids = async (token: string) =>
      (await list(token, one.bankId)).body.map((x: { id: number }) => x.id);
    expect(await ids(one.tokens.admin)).toEqual([byStudent.id, byOther.id, byTeller.id, byAdmin.id]);
    expect(await ids(one.tokens.student)).toEqual([byStudent.id]);
    expect(await ids(one.tokens.otherStudent)).toEqual([byOther.id]);
    expect(await ids(one.tokens.teller)).toEqual([byTeller.id]);
    const full = await list(one.tokens.student, one.bankId);
    expect(full.body).toEqual([byStudent]);
  });

  it('answers 404 for another bank, whoever asks', async () => {
    const { one, two } = banks;
    await ticketBy(one.tokens.student);
    for (const token of Object.values(two.tokens)) {
      const res = await list(token, one.bankId);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'NOT_FOUND', reason: 'NOT_FOUND', message: messages.notFound });
    }
    expect((await list(one.tokens.admin, 9999)).status).toBe(404);
    expect((await call(t.app, 'GET', `/user/supportTickets/${one.bankId}`)).status).toBe(401);
  });
});

describe('PUT /user/supportTickets/update', () => {
  it('lets the author change type and severity, never title or contents', async () => {
    const { one } = banks;
    const ticket = await ticketBy(one.tokens.student);
    const res = await update(one.tokens.student, {
      ...ticket,
      supportTicketId: ticket.id,
      ticketType: 'Enhancement Request',
      severity: '5. Trivial',
      title: 'Changed title',
      ticketContents: 'Changed contents',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ...ticket,
      ticketType: 'Enhancement Request',
      severity: '5. Trivial',
    });
  });

  it('lets a non-admin author send the current status back, but not a new one (403)', async () => {
    const { one } = banks;
    for (const token of [one.tokens.student, one.tokens.teller]) {
      const ticket = await ticketBy(token);
      const same = await update(token, {
        supportTicketId: ticket.id,
        ticketType: 'Bug',
        severity: '2. Critical',
        status: 'Open',
      });
      expect(same.status).toBe(200);
      const before = await allTickets();
      const res = await update(token, {
        supportTicketId: ticket.id,
        ticketType: 'Bug',
        severity: '4. Minor',
        status: 'Closed',
      });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        error: 'FORBIDDEN',
        reason: 'TICKET_STATUS_ADMIN_ONLY',
        message: 'Only an admin may change the status of a ticket.',
      });
      expect(await allTickets()).toEqual(before);
    }
  });

  it("lets an admin of the bank edit anyone's ticket and move its status", async () => {
    const { one } = banks;
    const ticket = await ticketBy(one.tokens.student);
    const res = await update(one.tokens.admin, {
      supportTicketId: ticket.id,
      ticketType: 'Bug',
      severity: '2. Critical',
      status: 'In Progress',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: ticket.id,
      username: 'one-student',
      status: 'In Progress',
      severity: '2. Critical',
    });
    // Leaving status out keeps it.
    const kept = await update(one.tokens.admin, {
      supportTicketId: ticket.id,
      ticketType: 'Bug',
      severity: '3. Major',
    });
    expect(kept.body.status).toBe('In Progress');
    const seenByAuthor = await list(one.tokens.student, one.bankId);
    expect(seenByAuthor.body[0].status).toBe('In Progress');
  });

  it('answers 404 for a ticket the caller may not see, changing nothing', async () => {
    const { one, two } = banks;
    const ticket = await ticketBy(one.tokens.student);
    const before = await allTickets();
    for (const token of [one.tokens.otherStudent, one.tokens.teller, two.tokens.admin, two.tokens.student]) {
      const res = await update(token, {
        supportTicketId: ticket.id,
        ticketType: 'Bug',
        severity: '5. Trivial',
      });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('NOT_FOUND');
    }
    const foreignStatus = await update(two.tokens.admin, {
      supportTicketId: ticket.id,
      ticketType: 'Bug',
      severity: '5. Trivial',
      status: 'Closed',
    });
    expect(foreignStatus.status).toBe(404);
    expect(
      (await update(one.tokens.admin, { supportTicketId: 9999, ticketType: 'Bug', severity: '5. Trivial' }))
        .status,
    ).toBe(404);
    expect(await allTickets()).toEqual(before);
  });

  it('answers 400 for a missing id, type or severity, or an unknown status', async () => {
    const { one } = banks;
    const ticket = await ticketBy(one.tokens.student);
    const before = await allTickets();
    const bodies = [
      { ticketType: 'Bug', severity: '3. Major' },
      { supportTicketId: ticket.id, severity: '3. Major' },
      { supportTicketId: ticket.id, ticketType: 'Bug' },
      { supportTicketId: ticket.id, ticketType: 'Bug', severity: '3. Major', status: 'Done' },
    ];
    for (const body of bodies) {
      const res = await update(one.tokens.admin, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('VALIDATION');
    }
    expect(await allTickets()).toEqual(before);
  });
});
