/**
 * Issue 9, "every promise holds": hostile text in every text field and path parameter is a 400 that
 * names the field (API.md "Errors"), never a 500, and changes nothing; text is stored NFC-normalised;
 * a name that only looks like another (NBSP, odd spaces) is the same name.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { connect } from 'node:net';
import { sql } from 'drizzle-orm';
import { messages } from '@bank/shared';
import { buildApp } from '../src/app.js';
import { queryRows } from '../src/db/client.js';
import { call, useTestApp } from './harness.js';
import { seedTwoBanks, type SeededBank } from './fixtures.js';

const t = useTestApp();
let one: SeededBank;
let transactionId: number;
beforeEach(async () => {
  ({ one } = await seedTwoBanks(t.db));
  const [txn] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into transactions (account_number, type, description, amount_cents, transaction_date)
        values (${one.checking.accountNumber}, 'credit', 'Teller Deposit', 5000, now() + interval '1 day')
        returning id`,
  );
  await t.db.execute(
    sql`update accounts set balance_cents = 5000 where account_number = ${one.checking.accountNumber}`,
  );
  transactionId = txn!.id;
});

/** Every row that a text field can reach, so a refusal can be shown to have changed nothing. */
const snapshot = () =>
  queryRows(
    t.db,
    sql`select
      (select json_agg(b order by id) from (select id, name from banks) b) as banks,
      (select json_agg(u order by id) from (select id, username, name, display_name from users) u) as users,
      (select json_agg(r order by id) from (select id, name from branches) r) as branches,
      (select json_agg(x order by id) from (select id, description, amount_cents from transactions) x) as transactions,
      (select json_agg(s order by id) from (select id, title, contents from support_tickets) s) as tickets,
      (select count(*) from login_failures) as login_failures`,
  );

/** Characters that no single-line text field accepts, by what they are. */
const hostile: Record<string, string> = {
  'a NUL byte': 'Ab\u0000c',
  'a control character': 'Ab\u0007c',
  'a tab': 'Ab\tc',
  'a line break': 'Ab\nc',
  'a DEL': 'Ab\u007fc',
  'a C1 control': 'Ab\u0085c',
  'a right-to-left override': 'Ab\u202Ec',
  'a left-to-right isolate': 'Ab\u2066c',
  'a right-to-left mark': 'Ab\u200Fc',
  'a zero-width space': 'Ab\u200Bc',
  'a zero-width joiner': 'Ab\u200Dc',
  'a byte-order mark': '\uFEFFAbc',
  'a soft hyphen': 'Ab\u00ADc',
  'a Hangul filler': 'Ab\u3164c',
  'a lone high surrogate': 'Ab\uD800c',
  'a lone low surrogate': 'Ab\uDC00c',
  'a replacement character (bytes that were not UTF-8)': 'Ab\uFFFDc',
};

interface TextPlace {
  name: string;
  field: string;
  request: (value: string) => ReturnType<typeof call>;
}

/** Ten places a NUL byte would reach the database without the text rule, and the fields beside them. */
const places = (): TextPlace[] => [
  {
    name: 'branch create',
    field: 'branchName',
    request: (v) =>
      call(t.app, 'POST', '/admin/branches/create', { token: one.tokens.admin, body: { branchName: v } }),
  },
  {
    name: 'branch rename',
    field: 'branchName',
    request: (v) =>
      call(t.app, 'PUT', '/admin/branches/update', {
        token: one.tokens.admin,
        body: { branchId: one.main.id, branchName: v },
      }),
  },
  {
    name: 'ticket title',
    field: 'title',
    request: (v) =>
      call(t.app, 'POST', '/user/supportTickets/create', {
        token: one.tokens.student,
        body: { ticketType: 'Bug', title: v, ticketContents: 'Fine', severity: '3. Major' },
      }),
  },
  {
    name: 'transaction create description',
    field: 'description',
    request: (v) =>
      call(t.app, 'POST', '/user/transactions/create', {
        token: one.tokens.admin,
        body: { accountId: one.checking.accountNumber, type: 'credit', description: v, amount: 1 },
      }),
  },
  {
    name: 'transaction edit description',
    field: 'description',
    request: (v) =>
      call(t.app, 'PUT', '/admin/transactions/update', {
        token: one.tokens.admin,
        body: { id: transactionId, description: v, transactionDate: '2030-01-02', amount: 10 },
      }),
  },
  {
    name: 'bank name',
    field: 'bankName',
    request: (v) =>
      call(t.app, 'PUT', '/admin/bank/update', {
        token: one.tokens.admin,
        body: {
          bankName: v,
          checkingActive: true,
          savingsActive: true,
          savingsRate: 1,
          tellerDepositPermission: true,
          tellerWithdrawalPermission: true,
          tellerTransferPermission: true,
        },
      }),
  },
  {
    name: 'user name',
    field: 'name',
    request: (v) =>
      call(t.app, 'POST', '/admin/users/create', {
        token: one.tokens.admin,
        body: { username: 'new-kid', name: v, userRole: 'TELLER' },
      }),
  },
  {
    name: 'display name',
    field: 'body',
    request: (v) =>
      call(t.app, 'PUT', `/user/users/${one.student.username}/updateDisplayName`, {
        token: one.tokens.student,
        body: v,
      }),
  },
  {
    name: 'login username',
    field: 'username',
    request: (v) => call(t.app, 'POST', '/login', { body: { username: v, password: 'Fixture-1234' } }),
  },
  {
    name: 'accounts of a user (path)',
    field: 'username',
    request: (v) =>
      call(t.app, 'GET', `/user/accounts/user/${encodeURIComponent(v)}`, { token: one.tokens.admin }),
  },
  {
    name: 'statements of a user (path)',
    field: 'username',
    request: (v) =>
      call(t.app, 'GET', `/user/statements/${encodeURIComponent(v)}`, { token: one.tokens.admin }),
  },
  {
    name: 'a user (path)',
    field: 'username',
    request: (v) => call(t.app, 'GET', `/user/users/${encodeURIComponent(v)}`, { token: one.tokens.admin }),
  },
];

/**
 * A lone surrogate cannot travel in a URL (encodeURIComponent refuses it); in a text body it arrives
 * as U+FFFD, which the rule refuses as broken too.
 */
const representable = (place: TextPlace, value: string) =>
  !(place.name.endsWith('(path)') && /\p{Cs}/u.test(value));

describe('hostile characters in text fields and path parameters', () => {
  it('are a 400 naming the field, never a 500, and change nothing', async () => {
    const before = await snapshot();
    for (const place of places()) {
      for (const [what, value] of Object.entries(hostile)) {
        if (!representable(place, value)) continue;
        const res = await place.request(value);
        const label = `${place.name} with ${what}`;
        expect(res.status, label).toBe(400);
        expect(res.body.error, label).toBe('VALIDATION');
        expect(Object.keys(res.body.fields ?? {}), label).toContain(place.field);
        expect(res.body.message, label).toBe(res.body.fields[place.field]);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('say which kind of character is wrong', async () => {
    const [branchCreate] = places();
    const cases: Array<[string, string]> = [
      ['Ab\u0000c', messages.textControlChars('Branch name')],
      ['Ab\u202Ec', messages.textInvisibleChars('Branch name')],
      ['Ab\u200Bc', messages.textInvisibleChars('Branch name')],
      ['Ab\uD800c', messages.textBrokenChars('Branch name')],
    ];
    for (const [value, message] of cases) {
      const res = await branchCreate!.request(value);
      expect(res.body.fields).toEqual({ branchName: message });
    }
  });

  it('a ticket contents may hold line breaks and tabs, but nothing else of that kind', async () => {
    const create = (ticketContents: string) =>
      call(t.app, 'POST', '/user/supportTickets/create', {
        token: one.tokens.student,
        body: { ticketType: 'Bug', title: 'Broken', ticketContents, severity: '3. Major' },
      });
    const accepted = await create('Step 1:\tsign in\r\nStep 2:\tlook\nStep 3: \u2028cry');
    expect(accepted.status).toBe(201);
    expect(accepted.body.ticketContents).toBe('Step 1:\tsign in\r\nStep 2:\tlook\nStep 3: \u2028cry');
    for (const value of ['a\u0000b', 'a\u0007b', 'a\u202Eb', 'a\u200Bb', 'a\uDFFFb']) {
      const res = await create(value);
      expect(res.status, JSON.stringify(value)).toBe(400);
      expect(Object.keys(res.body.fields), JSON.stringify(value)).toEqual(['ticketContents']);
    }
  });

  it('keeps ordinary text of any script, emoji included', async () => {
    const res = await call(t.app, 'POST', '/admin/branches/create', {
      token: one.tokens.admin,
      body: { branchName: 'Ünïcödé 東京 מרכז ❤️ 👍🏽' },
    });
    expect(res.status).toBe(201);
    expect(res.body.branchName).toBe('Ünïcödé 東京 מרכז ❤️ 👍🏽');
  });
});

describe('text is stored NFC-normalised', () => {
  it('composes decomposed letters in every stored field', async () => {
    const decomposed = 'Cafe\u0301 Rene\u0301e';
    const composed = 'Caf\u00e9 Ren\u00e9e';
    const branch = await call(t.app, 'POST', '/admin/branches/create', {
      token: one.tokens.admin,
      body: { branchName: decomposed },
    });
    expect(branch.body.branchName).toBe(composed);
    const ticket = await call(t.app, 'POST', '/user/supportTickets/create', {
      token: one.tokens.student,
      body: { ticketType: 'Bug', title: decomposed, ticketContents: decomposed, severity: '3. Major' },
    });
    expect([ticket.body.title, ticket.body.ticketContents]).toEqual([composed, composed]);
    const display = await call(t.app, 'PUT', `/user/users/${one.student.username}/updateDisplayName`, {
      token: one.tokens.student,
      body: decomposed,
    });
    expect(display.body.displayName).toBe(composed);
    const [stored] = await queryRows<{ name: string }>(
      t.db,
      sql`select name from branches where id = ${branch.body.id}`,
    );
    expect(stored!.name).toBe(composed);
  });
});

describe('look-alike names', () => {
  it('NBSP, other unusual spaces and doubled spaces do not make a second "Main Campus"', async () => {
    const create = (branchName: string) =>
      call(t.app, 'POST', '/admin/branches/create', { token: one.tokens.admin, body: { branchName } });
    expect((await create('Main Campus')).status).toBe(201);
    for (const lookAlike of [
      'Main\u00A0Campus',
      'Main\u2003Campus',
      'Main\u202FCampus',
      'Main\u3000Campus',
      'Main  Campus',
      '\u00A0Main Campus\u00A0',
      'MAIN CAMPUS',
    ]) {
      const res = await create(lookAlike);
      expect(res.status, JSON.stringify(lookAlike)).toBe(409);
      expect(res.body.message).toBe(messages.branchExists);
    }
    const names = await queryRows<{ name: string }>(
      t.db,
      sql`select name from branches where lower(name) like '%campus%'`,
    );
    expect(names).toEqual([{ name: 'Main Campus' }]);
  });

  it('a rename with an NBSP is stored with a plain space', async () => {
    const res = await call(t.app, 'PUT', '/admin/branches/update', {
      token: one.tokens.admin,
      body: { branchId: one.main.id, branchName: 'South\u00A0Campus' },
    });
    expect(res.status).toBe(200);
    expect(res.body.branchName).toBe('South Campus');
  });
});

describe('sign-in with an impossible username', () => {
  it('is a 400 for a NUL in the JSON body or in a Basic header, counting no failure', async () => {
    const basic = Buffer.from('one-admin\u0000:Fixture-1234').toString('base64');
    const viaHeader = await call(t.app, 'POST', '/login', { headers: { authorization: `Basic ${basic}` } });
    expect(viaHeader.status).toBe(400);
    expect(Object.keys(viaHeader.body.fields)).toEqual(['username']);
    const [failures] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from login_failures`,
    );
    expect(failures!.n).toBe(0);
  });

  it('still answers the usual 401 text for an ordinary wrong username', async () => {
    const res = await call(t.app, 'POST', '/login', { body: { username: 'nobody', password: 'x' } });
    expect(res.status).toBe(401);
    expect(res.body).toBe(messages.invalidCredentials);
  });
});

describe('Cache-Control: no-store on every /api answer', () => {
  it('is sent on success, 400, 401, 403, 404 and the unknown-route 404', async () => {
    const answers = [
      await call(t.app, 'GET', `/user/users/${one.student.username}`, { token: one.tokens.student }),
      await call(t.app, 'POST', '/login', { body: { username: 'one-student', password: 'Fixture-1234' } }),
      await call(t.app, 'GET', '/healthz'),
      await call(t.app, 'GET', '/teller/branches/abc', { token: one.tokens.admin }),
      await call(t.app, 'GET', `/user/users/${one.student.username}`),
      await call(t.app, 'GET', `/teller/branches/${one.bankId}`, { token: one.tokens.student }),
      await call(t.app, 'GET', '/user/users/nobody-here', { token: one.tokens.admin }),
      await call(t.app, 'GET', '/no/such/route', { token: one.tokens.admin }),
      await call(t.app, 'POST', '/login', { body: { username: 'nobody', password: 'x' } }),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 400, 401, 403, 404, 404, 401]);
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('is sent, with the error shape, on a URL that is not valid UTF-8 or has an over-long part', async () => {
    for (const [path, message] of [
      ['/user/bank/%C0%AE', messages.urlInvalid],
      ['/user/users/%E0%A4%A', messages.urlInvalid],
      [`/user/users/${'x'.repeat(4000)}`, messages.urlTooLong],
    ] as const) {
      const res = await call(t.app, 'GET', path, { token: one.tokens.admin });
      expect(res.status, path).toBe(400);
      expect(res.body, path).toEqual({ error: 'VALIDATION', reason: 'VALIDATION', message });
      expect(res.headers['cache-control'], path).toBe('no-store');
    }
  });

  it('is sent, with the error shape, when the HTTP parser refuses a request (a NUL in a header)', async () => {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = new URL(address);
    const raw = await new Promise<string>((resolve, reject) => {
      let answer = '';
      const socket = connect(Number(port), '127.0.0.1', () =>
        socket.write('GET /api/healthz HTTP/1.1\r\nHost: x\r\nIdempotency-Key: a\u0000b\r\n\r\n'),
      );
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
    });
    const [head, body] = raw.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(head).toMatch(/\r\nCache-Control: no-store\r\n/i);
    expect(JSON.parse(body!)).toEqual({
      error: 'VALIDATION',
      reason: 'VALIDATION',
      message: messages.validation,
    });
  });

  it('is sent on a 429 from the request rate limit', async () => {
    const limited = await buildApp({ config: t.config, db: t.db, rateLimitPerMinute: 1 });
    try {
      await call(limited, 'GET', '/healthz');
      const res = await call(limited, 'GET', '/healthz');
      expect(res.status).toBe(429);
      expect(res.headers['cache-control']).toBe('no-store');
    } finally {
      await limited.close();
    }
  });
});
