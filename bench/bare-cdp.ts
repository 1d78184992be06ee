/**
 * Chromium driven over a bare DevTools connection: the Chrome DevTools Protocol over a WebSocket,
 * with no domain enabled beyond what the caller sends. Playwright and Lighthouse enable the Runtime
 * domain on every page, and with it V8 records a detailed stack, with line numbers, for every new
 * `Error`: React DOM creates five as it loads, so V8 parses its 200 KB again to number the lines
 * (docs/performance.md, "React's sentinel errors, under DevTools"). A phone pays none of that; a
 * figure meant as a phone's is measured through this connection.
 */
import * as chromeLauncher from 'chrome-launcher';
import WebSocket from 'ws';
import { CHROMIUM_ARGS } from './ui-timings';

interface Reply {
  id?: number;
  result?: Record<string, unknown>;
  error?: { message: string };
}

export interface BareBrowser {
  /** A DevTools command; `sessionId` addresses a page attached with `Target.attachToTarget` (flat). */
  send<T = Record<string, unknown>>(method: string, params?: object, sessionId?: string): Promise<T>;
  close(): Promise<void>;
}

export async function launchBareBrowser(): Promise<BareBrowser> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  const version = (await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const waiting = new Map<number, (reply: Reply) => void>();
  socket.on('message', (data) => {
    const reply = JSON.parse(String(data)) as Reply;
    if (reply.id === undefined) return; // an event: none is listened to
    waiting.get(reply.id)?.(reply);
    waiting.delete(reply.id);
  });
  // A browser that went away answers nothing more: every command still waiting fails.
  socket.on('close', () => {
    for (const answer of waiting.values()) answer({ error: { message: 'the browser closed the connection' } });
    waiting.clear();
  });
  let lastId = 0;
  return {
    async send<T>(method: string, params: object = {}, sessionId?: string) {
      const id = ++lastId;
      const reply = await new Promise<Reply>((resolve) => {
        waiting.set(id, resolve);
        socket.send(JSON.stringify({ id, method, params, sessionId }));
      });
      if (reply.error) throw new Error(`${method}: ${reply.error.message}`);
      return reply.result as T;
    },
    async close() {
      socket.close();
      chrome.kill();
    },
  };
}
