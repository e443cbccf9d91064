import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of the PostgreSQL server, for tests that make the database unreachable
 * without touching the shared server: `cut()` drops every connection through it and stops
 * listening, so new ones are refused (as by a server that went away), and `restore()` listens again
 * on the same port.
 */
export interface TcpProxy {
  /** The database URL with the proxy's address in place of the server's. */
  url: string;
  cut(): void;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(databaseUrl: string): Promise<TcpProxy> {
  const target = new URL(databaseUrl);
  const open = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const [a, b] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      open.add(a);
      a.pipe(b);
      a.on('error', () => b.destroy());
      a.on('close', () => {
        open.delete(a);
        b.destroy();
      });
    }
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  const cut = () => {
    if (server.listening) server.close();
    for (const socket of open) socket.destroy();
  };
  return {
    url: url.toString(),
    cut,
    restore: async () => {
      if (!server.listening) await listen(port);
    },
    close: async () => cut(),
  };
}
