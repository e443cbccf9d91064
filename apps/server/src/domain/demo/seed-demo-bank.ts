import type { Database, DatabaseHandle } from '../../db/client.js';
import { banks } from '../../db/schema.js';
import { deposit, transfer, withdraw } from '../ledger/index.js';
import { postTransactions } from '../ledger/posting/index.js';
import { runMonthEnd } from '../month-end/index.js';
import { createDemoPeople, type DemoPeople } from './demo-people.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const POSTING_DELAY_SECONDS = 24 * 60 * 60;

type Event = { at: Date; run: (clock: { now: Date; postingDelaySeconds: number }) => Promise<unknown> };

/** Midnight UTC on the first of the month `offset` months from `now`'s month. */
const monthStart = (now: Date, offset: number) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
const at = (month: Date, day: number, hour: number) =>
  new Date(month.getTime() + (day - 1) * DAY_MS + hour * 60 * 60 * 1000);
const dollars = (amount: number) => Math.round(amount * 100);

/** A school year's rhythm for one student: allowance, a part-time job, savings, spending. */
function studentMonth(
  people: DemoPeople,
  student: DemoPeople['students'][number],
  month: Date,
  scale: number,
): Event[] {
  const { teller } = people;
  const events: Event[] = [
    {
      at: at(month, 1, 9),
      run: (c) =>
        deposit(people.db, c, teller, { accountId: student.checking, amountCents: dollars(120 * scale) }),
    },
    {
      at: at(month, 9, 15),
      run: (c) =>
        withdraw(people.db, c, teller, { accountId: student.checking, amountCents: dollars(35 * scale) }),
    },
    {
      at: at(month, 15, 10),
      run: (c) =>
        deposit(people.db, c, teller, { accountId: student.checking, amountCents: dollars(82.5 * scale) }),
    },
    {
      at: at(month, 24, 13),
      run: (c) =>
        withdraw(people.db, c, teller, { accountId: student.checking, amountCents: dollars(47.25 * scale) }),
    },
  ];
  if (student.savings) {
    const savings = student.savings;
    events.push(
      {
        at: at(month, 3, 17),
        run: (c) =>
          transfer(people.db, c, student.actor, {
            fromAccountId: student.checking,
            toAccountId: savings,
            amountCents: dollars(50 * scale),
          }),
      },
      {
        at: at(month, 20, 18),
        run: (c) =>
          transfer(people.db, c, student.actor, {
            fromAccountId: savings,
            toAccountId: student.checking,
            amountCents: dollars(15 * scale),
          }),
      },
    );
  }
  return events;
}

/** Opening deposits at the start of the history, then three full months and this month so far. */
function demoEvents(people: DemoPeople, now: Date): Event[] {
  const first = monthStart(now, -3);
  const events: Event[] = [];
  people.students.forEach((student, index) => {
    const scale = 1 + index * 0.25;
    events.push({
      at: at(first, 1, 8),
      run: (c) =>
        deposit(people.db, c, people.teller, {
          accountId: student.checking,
          amountCents: dollars(400 * scale),
        }),
    });
    if (student.savings) {
      const savings = student.savings;
      events.push({
        at: at(first, 1, 8),
        run: (c) =>
          deposit(people.db, c, people.teller, { accountId: savings, amountCents: dollars(600 * scale) }),
      });
    }
    for (let offset = -3; offset <= 0; offset++)
      events.push(...studentMonth(people, student, monthStart(now, offset), scale));
  });
  // Something still pending today, so the account page shows both tables.
  const sam = people.students[0]!;
  events.push(
    {
      at: new Date(now.getTime() - 3 * 60 * 60 * 1000),
      run: (c) => deposit(people.db, c, people.teller, { accountId: sam.checking, amountCents: dollars(25) }),
    },
    {
      at: new Date(now.getTime() - 2 * 60 * 60 * 1000),
      run: (c) =>
        transfer(people.db, c, sam.actor, {
          fromAccountId: sam.checking,
          toAccountId: sam.savings!,
          amountCents: dollars(10),
        }),
    },
  );
  return events.filter((e) => e.at.getTime() < now.getTime()).sort((a, b) => a.at.getTime() - b.at.getTime());
}

/**
 * Creates the demo bank of API.md on a database that has no bank yet, with history from the
 * start of the month three months back: each past month posted, its interest credited and its
 * statements issued at its end, exactly as the jobs would have done. Returns false when a bank
 * already exists (only a first start seeds).
 */
export async function seedDemoBank(db: Database, now: Date): Promise<boolean> {
  const [existing] = await db.select({ id: banks.id }).from(banks).limit(1);
  if (existing) return false;
  const people = await createDemoPeople(db, monthStart(now, -3));
  let closedMonth = monthStart(now, -3);
  for (const event of demoEvents(people, now)) {
    // Close every month that ended before this event: post what was due, then month-end.
    while (monthStart(event.at, 0).getTime() > closedMonth.getTime()) {
      closedMonth = monthStart(closedMonth, 1);
      await postTransactions(db, { now: closedMonth, wait: true });
      await runMonthEnd(db, { now: closedMonth });
    }
    await postTransactions(db, { now: event.at, wait: true });
    await event.run({ now: event.at, postingDelaySeconds: POSTING_DELAY_SECONDS });
  }
  await postTransactions(db, { now, wait: true });
  await runMonthEnd(db, { now });
  return true;
}

/**
 * The demo bank on a server's first start, exactly once however many processes start at that
 * moment: under the startup lock (db/locks.ts), which migrations take too. A process that comes
 * second waits until the first has created the bank, then finds it and starts normally.
 */
export function seedDemoBankOnce(
  database: Pick<DatabaseHandle, 'db' | 'duringStartup'>,
  now: Date,
): Promise<boolean> {
  return database.duringStartup(() => seedDemoBank(database.db, now));
}
