import { describe, expect, it } from 'vitest';
import { Batcher } from '../src/db/batcher.js';

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
  it('runs a lone item at once and gathers what arrives meanwhile into the next group', async () => {
    const { calls, run } = controlledRun();
    const batcher = new Batcher(run, { maxSize: 64, maxInFlight: 1 });
    const a = batcher.add('a');
    expect(calls.map((c) => c.items)).toEqual([['a']]);
    const rest = ['b', 'c', 'd'].map((item) => batcher.add(item));
    expect(calls).toHaveLength(1);
    calls[0]!.answer();
    expect(await a).toBe('done a');
    expect(calls.map((c) => c.items)).toEqual([['a'], ['b', 'c', 'd']]);
    calls[1]!.answer();
    expect(await Promise.all(rest)).toEqual(['done b', 'done c', 'done d']);
  });

  it('sends the next group before the answers of the last one resume their callers', async () => {
    const { calls, run } = controlledRun();
    const batcher = new Batcher(run, { maxSize: 64, maxInFlight: 1 });
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
    const batcher = new Batcher(run, { maxSize: 2, maxInFlight: 1 });
    const first = batcher.add('a');
    const waiting = ['b', 'c', 'd'].map((item) => batcher.add(item));
    calls[0]!.answer();
    await first;
    expect(calls.map((c) => c.items)).toEqual([['a'], ['b', 'c']]);
    const failing = new Batcher<string, string>(() => Promise.reject(new Error('down')), {
      maxSize: 64,
      maxInFlight: 1,
    });
    await expect(failing.add('x')).rejects.toThrow('down');
    calls[1]!.answer();
    expect(await Promise.all(waiting.slice(0, 2))).toEqual(['done b', 'done c']);
    expect(calls[2]!.items).toEqual(['d']);
    calls[2]!.answer();
    expect(await waiting[2]).toBe('done d');
  });
});
