import { describe, expect, it } from 'vitest';
import { Batcher, GROUP_LIMITS, QueueFull } from '../src/db/batcher.js';

/** A run whose answer the test gives when it likes. */
function controlledRun() {
  const calls: Array<{ items: string[]; answer: () => void }> = [];
  const run = (items: string[]) =>
    new Promise<string[]>((resolve) => {
      calls.push({ items, answer: () => resolve(items.map((item) => `done ${item}`)) });
    });
  return { calls, run };
}

describe('Batcher (group commit queue)', () => {
  it('runs a lone item at once and gathers what arrives meanwhile into the next groups', async () => {
    const { calls, run } = controlledRun();
    const batcher = new Batcher(run, { maxSize: 64, maxInFlight: 1, maxWaiting: 1024 });
    const a = batcher.add('a');
    expect(calls.map((c) => c.items)).toEqual([['a']]);
    const rest = ['b', 'c', 'd', 'e', 'f'].map((item) => batcher.add(item));
    expect(calls).toHaveLength(1);
    calls[0]!.answer();
    expect(await a).toBe('done a');
    // Half of the six under way (a's caller may come back with more).
    expect(calls.map((c) => c.items)).toEqual([['a'], ['b', 'c', 'd']]);
    calls[1]!.answer();
    await Promise.all(rest.slice(0, 3));
    expect(calls.map((c) => c.items)).toEqual([['a'], ['b', 'c', 'd'], ['e', 'f']]);
    calls[2]!.answer();
    expect(await Promise.all(rest)).toEqual(['done b', 'done c', 'done d', 'done e', 'done f']);
    expect(batcher.counts).toEqual({ groups: 3, items: 6 });
  });

  it('takes at most half of what is under way, so that callers do not lock into a lopsided rhythm', async () => {
    const { calls, run } = controlledRun();
    const batcher = new Batcher(run, { maxSize: 64, maxInFlight: 1, maxWaiting: 1024 });
    // 16 callers, each sending again as soon as it is answered (as the benchmark's clients do).
    let sent = 0;
    const caller = async (): Promise<void> => {
      if (sent++ >= 40) return;
      await batcher.add(`t${sent}`);
      return caller();
    };
    const callers = Array.from({ length: 16 }, caller);
    // The first arrives alone and runs at once; the other 15 wait for it.
    expect(calls.map((c) => c.items.length)).toEqual([1]);
    for (let answered = 0; answered < calls.length; answered++) {
      calls[answered]!.answer();
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(callers);
    // Taking the whole queue gave 1, 15, 1, 15, ...: here the groups settle at half the callers.
    expect(calls.map((c) => c.items.length).slice(0, 5)).toEqual([1, 8, 8, 8, 8]);
    expect(batcher.counts.items).toBe(40);
  });

  it('sends the next group before the answers of the last one resume their callers', async () => {
    const { calls, run } = controlledRun();
    const batcher = new Batcher(run, { maxSize: 64, maxInFlight: 1, maxWaiting: 1024 });
    const events: string[] = [];
    const first = batcher.add('a').then(() => events.push(`a answered, ${calls.length} groups sent`));
    const second = batcher.add('b');
    calls[0]!.answer();
    await first;
    expect(events).toEqual(['a answered, 2 groups sent']);
    calls[1]!.answer();
    expect(await second).toBe('done b');
  });

  it('keeps a group to its size and gives each item of a failed group the error', async () => {
    const { calls, run } = controlledRun();
    const batcher = new Batcher(run, { maxSize: 2, maxInFlight: 1, maxWaiting: 1024 });
    const first = batcher.add('a');
    const waiting = ['b', 'c', 'd'].map((item) => batcher.add(item));
    calls[0]!.answer();
    await first;
    expect(calls.map((c) => c.items)).toEqual([['a'], ['b', 'c']]);
    const failing = new Batcher<string, string>(() => Promise.reject(new Error('down')), {
      maxSize: 64,
      maxInFlight: 1,
      maxWaiting: 1024,
    });
    await expect(failing.add('x')).rejects.toThrow('down');
    calls[1]!.answer();
    expect(await Promise.all(waiting.slice(0, 2))).toEqual(['done b', 'done c']);
    expect(calls[2]!.items).toEqual(['d']);
    calls[2]!.answer();
    expect(await waiting[2]).toBe('done d');
  });

  it('refuses an item at once while its queue is full, and takes items again once it drains', async () => {
    // A run that answers only when told: the database has stopped answering.
    const { calls, run } = controlledRun();
    const batcher = new Batcher(run, GROUP_LIMITS);
    const first = batcher.add('in flight');
    const waiting = Array.from({ length: GROUP_LIMITS.maxWaiting }, (_, i) => batcher.add(`w${i}`));
    expect(batcher.waiting).toBe(GROUP_LIMITS.maxWaiting);
    const refused = batcher.add('one too many');
    await expect(refused).rejects.toBeInstanceOf(QueueFull);
    // Refused means not queued: it never reaches a group.
    expect(batcher.waiting).toBe(GROUP_LIMITS.maxWaiting);
    calls[0]!.answer();
    expect(await first).toBe('done in flight');
    // The next group is on its way; its room in the queue takes a new item again.
    expect(batcher.waiting).toBeLessThan(GROUP_LIMITS.maxWaiting);
    const later = batcher.add('later');
    // Each answer sends the next group; answer them all.
    for (let answered = 1; answered < calls.length; answered++) {
      calls[answered]!.answer();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await Promise.all(waiting)).toEqual(waiting.map((_, i) => `done w${i}`));
    expect(await later).toBe('done later');
    expect(calls.flatMap((c) => c.items)).not.toContain('one too many');
  });
});
