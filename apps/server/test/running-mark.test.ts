import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markRunning, takeDatabaseAlone } from '../src/db/running-mark.js';
import { createScratchDatabase, databaseKind, testDatabaseUrl } from './harness.js';
import { freePort } from './server-process.js';

/**
 * The running lock (db/running-mark.ts) on PostgreSQL: held for as long as the process runs, let go
 * with it, and taken again, without the process failing, when the database cannot be reached for a
 * while. The marking process reaches the database through a proxy this test cuts and restores,
 * as a restart or a network failure would.
 */

/** A TCP proxy to the PostgreSQL server that can refuse and cut every connection, then take them again. */
class CuttableProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  async open(): Promise<void> {
    const server = createServer((client) => {
      const upstream = createConnection(this.target);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {});
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.server = server;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => server?.close(resolve));
  }
}

async function until(done: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let tries = 0; !(await done()); tries++) {
    if (tries > 600) throw new Error(`${what} did not happen within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.runIf(databaseKind === 'postgres')('the running lock on PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let proxy: CuttableProxy;
  let proxiedUrl: string;

  beforeAll(async () => {
    scratch = await createScratchDatabase(testDatabaseUrl!);
    const direct = new URL(scratch.url);
    proxy = new CuttableProxy(await freePort(), { host: direct.hostname, port: Number(direct.port || 5432) });
    await proxy.open();
    const proxied = new URL(scratch.url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    proxiedUrl = proxied.toString();
  });
  afterAll(async () => {
    await proxy.cut();
    await scratch.drop();
  });

  const restore = () => takeDatabaseAlone(scratch.url, 'the test restore', 'restore');

  it('keeps a restore out while held, lets it in once released', async () => {
    const mark = await markRunning(scratch.url, 'the test server', { info: () => {}, warn: () => {} });
    await expect(restore()).rejects.toThrow(
      `A bank server or tool is using this database: the test server (pid ${process.pid} on ${hostname()}). ` +
        'Stop every bank server and tool that uses it, then run restore again.',
    );
    await mark.release();
    const alone = await restore();
    await alone.release();
  });

  it('is taken again after the database could not be reached for a while, and nothing fails', async () => {
    const said: string[] = [];
    const log = { info: (m: string) => said.push(m), warn: (m: string) => said.push(m) };
    const mark = await markRunning(proxiedUrl, 'the test server', log);
    try {
      await proxy.cut();
      await until(() => said.some((m) => m.startsWith('lost the connection')), 'noticing the cut');
      // The lock went with the connection (once PostgreSQL has seen it close): a restore could start.
      await until(
        () =>
          restore().then(
            (alone) => alone.release().then(() => true),
            () => false,
          ),
        'the lock going with the connection',
      );
      await proxy.open();
      await until(() => said.includes('marked as running on the database again'), 'marking again');
      await expect(restore()).rejects.toThrow(/the test server \(pid \d+ on /);
    } finally {
      await mark.release();
    }
    const alone = await restore();
    await alone.release();
  });
});
