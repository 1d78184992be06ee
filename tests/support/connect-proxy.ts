/**
 * A local HTTP proxy that tunnels CONNECT requests, its outgoing connections bound to
 * `outboundAddress`: a member's proxy standing at their own registered static IP, as the broker
 * fakes see it (the order's source address is the proxy's, 127.0.0.x on loopback).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';

export interface ConnectProxy {
  url: string;
  /** CONNECT targets tunnelled so far. */
  tunnels: string[];
  close(): Promise<void>;
}

export async function startConnectProxy(outboundAddress: string): Promise<ConnectProxy> {
  const tunnels: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = http.createServer((_req, res) => res.writeHead(405).end());
  server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const [host, port] = (req.url ?? '').split(':');
    tunnels.push(req.url ?? '');
    const upstream = net.connect({ host, port: Number(port), localAddress: outboundAddress }, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => [client, upstream].forEach((x) => x.destroy()));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    tunnels,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
