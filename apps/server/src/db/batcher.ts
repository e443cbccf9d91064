/**
 * Group commit's queue: work asked for while earlier work is under way waits and then runs
 * together, as one call. A request that finds nothing under way runs at once, alone, so an idle
 * server adds no delay; under load the groups grow by themselves with the queue. (DataLoader
 * groups only what is asked for in the same tick of the event loop; requests of different
 * clients arrive in different ticks, so it would seldom group them.)
 */
export interface BatcherOptions {
  /** Items in one call at most. */
  maxSize: number;
  /** Calls under way at once at most (each holds a database connection). */
  maxInFlight: number;
  /** Items waiting for a call at most; `add` refuses one more at once (QueueFull). */
  maxWaiting: number;
}

/**
 * The queue is full: the database has fallen far behind (or stopped answering), and a caller
 * learns it at once (503 with Retry-After) instead of waiting behind everyone else.
 */
export class QueueFull extends Error {
  constructor() {
    super('the queue is full');
    this.name = 'QueueFull';
  }
}

/**
 * How big and how many groups: 64 items at most in one statement (and at most half of the items
 * under way, see drain), one group under way at a time: each round trip costs the server far more
 * CPU than waiting a group's turn (docs/adr/0022, measured in docs/perf/transfers.md).
 *
 * At most 16 full groups wait (1,024 items). With one group under way, a waiting item is answered
 * after the groups ahead of it, so a longer queue only makes everyone wait longer without writing
 * more. A burst of a whole school's requests at one moment still fits, with time to spare while
 * the database keeps up; once it does not (a lock wait, a server that stopped answering: each
 * group then takes up to a timeout, db/timeouts.ts), the queue fills and further callers are told
 * at once, instead of piling up sockets and memory for answers that would come too late.
 */
export const GROUP_LIMITS: BatcherOptions = { maxSize: 64, maxInFlight: 1, maxWaiting: 16 * 64 };

interface Waiting<I, O> {
  item: I;
  resolve: (output: O) => void;
  reject: (error: unknown) => void;
}

export class Batcher<I, O> {
  private readonly queue: Waiting<I, O>[] = [];
  private inFlight = 0;
  private itemsInFlight = 0;
  /** Groups run and items in them since the start (the benchmark reports the mean group). */
  readonly counts = { groups: 0, items: 0 };

  /** `run` answers each item, in the order given (one output per item). */
  constructor(
    private readonly run: (items: I[]) => Promise<O[]>,
    private readonly options: BatcherOptions,
  ) {}

  /** Items waiting for a call now. */
  get waiting(): number {
    return this.queue.length;
  }

  add(item: I): Promise<O> {
    if (this.queue.length >= this.options.maxWaiting) return Promise.reject(new QueueFull());
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.drain();
    });
  }

  /**
   * The next group goes first, its answers' turn after: the next call is sent (the pool hands
   * out its connection on the next tick) before the answers of this group resume their requests,
   * which write their responses. Otherwise the database waited for every response of the group
   * to be written before it received the next group.
   */
  private settled(group: Waiting<I, O>[], answer: () => void): void {
    this.inFlight--;
    this.itemsInFlight -= group.length;
    this.drain(group.length);
    setImmediate(() => {
      try {
        answer();
      } catch (error) {
        group.forEach((w) => w.reject(error));
      }
    });
  }

  /**
   * The next group takes at most half of the items under way (waiting, in flight, and those of the
   * group just answered, whose callers are about to come back with more). Under a steady load the
   * callers then split into two halves, one in the database while the other is being answered
   * and sends again, and both sides work at once. Taking the whole queue let the groups lock into
   * a lopsided rhythm: with 16 clients a group of 15, then a group of 1 while the server answered
   * the 15, and the database waited on the server for each (bench, issue 22: about 1,100
   * transfers/s in that rhythm, about 3,300/s in groups of 8). What is held back goes first next.
   */
  private drain(justAnswered = 0): void {
    while (this.inFlight < this.options.maxInFlight && this.queue.length > 0) {
      const underWay = this.queue.length + this.itemsInFlight + justAnswered;
      const size = Math.min(this.options.maxSize, Math.ceil(underWay / 2));
      const group = this.queue.splice(0, size);
      this.inFlight++;
      this.itemsInFlight += group.length;
      this.counts.groups++;
      this.counts.items += group.length;
      this.run(group.map((w) => w.item)).then(
        (outputs) =>
          this.settled(group, () => {
            if (outputs.length !== group.length)
              throw new Error(`${outputs.length} answers for ${group.length} items`);
            group.forEach((w, i) => w.resolve(outputs[i]!));
          }),
        (error: unknown) => this.settled(group, () => group.forEach((w) => w.reject(error))),
      );
    }
  }
}
