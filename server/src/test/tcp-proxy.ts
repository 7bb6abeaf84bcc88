import net from 'node:net';

/**
 * A TCP proxy on an ephemeral loopback port in front of a real server, for fault tests:
 * - `blackHole()`: a partition. Every connection, open or new, is accepted and read, but nothing is
 *   forwarded either way, so a client waits for an answer that never comes.
 * - `restore()`: the partition heals. Connections held in the black hole are reset (the partition
 *   outlasted TCP's retransmissions); new connections are forwarded again.
 * - `cut()`: every open connection is destroyed at once (a server restart); new ones are forwarded.
 */
export type TcpProxy = {
  readonly port: number;
  /** The target URL with its host and port replaced by the proxy's. */
  url(target: string): string;
  blackHole(): void;
  restore(): void;
  cut(): void;
  close(): Promise<void>;
};

type Pair = { client: net.Socket; upstream: net.Socket | undefined };

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const pairs = new Set<Pair>();
  let blackHoled = false;

  const drop = (pair: Pair) => {
    pair.client.destroy();
    pair.upstream?.destroy();
    pairs.delete(pair);
  };

  const holdInBlackHole = (pair: Pair) => {
    pair.client.unpipe();
    pair.upstream?.unpipe();
    pair.upstream?.pause();
    // Read and discard, so the client's writes succeed and it waits for an answer.
    pair.client.removeAllListeners('data');
    pair.client.on('data', () => {});
    pair.client.resume();
  };

  const server = net.createServer((client) => {
    const pair: Pair = { client, upstream: undefined };
    pairs.add(pair);
    client.on('error', () => drop(pair));
    client.on('close', () => drop(pair));
    if (blackHoled) {
      holdInBlackHole(pair);
      return;
    }
    const upstream = net.connect(targetPort, targetHost);
    pair.upstream = upstream;
    upstream.on('error', () => drop(pair));
    upstream.on('close', () => drop(pair));
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;

  return {
    port,
    url(target) {
      const url = new URL(target);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    blackHole() {
      blackHoled = true;
      for (const pair of pairs) holdInBlackHole(pair);
    },
    restore() {
      blackHoled = false;
      for (const pair of [...pairs]) drop(pair);
    },
    cut() {
      for (const pair of [...pairs]) drop(pair);
    },
    async close() {
      for (const pair of [...pairs]) drop(pair);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
