/**
 * A loopback HTTP proxy in front of the app server that a test can switch off, making the server
 * unreachable for the browser AND its service worker (Playwright's offline mode does not cover
 * service-worker fetches). Each proxy is its own origin: its own service worker and storage.
 */
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface SwitchableProxy {
  url: string;
  /** Closes the port and every open connection: new connections are refused. */
  stop(): Promise<void>;
  /** Opens the same port again after a stop: the server is back. */
  resume(): Promise<void>;
}

export async function startSwitchableProxy(target: string): Promise<SwitchableProxy> {
  const upstream = new URL(target);
  const sockets = new Set<Socket>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const forward = request(
      { hostname: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (upstreamRes) => {
        res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.headers);
        upstreamRes.pipe(res);
      },
    );
    forward.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(forward);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('proxy has no port');
  const { port } = address;
  let stopped = false;
  return {
    url: `http://localhost:${port}`,
    stop() {
      if (stopped) return Promise.resolve();
      stopped = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      return closed;
    },
    async resume() {
      if (!stopped) return;
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      stopped = false;
    },
  };
}
