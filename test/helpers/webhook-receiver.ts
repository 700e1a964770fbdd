import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after } from 'node:test';

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  json: any;
  at: number;
}

/** What the receiver does with the next request: answer with a status, wait first, or cut the connection. */
export type Behaviour = { status: number; delayMs?: number; body?: string } | { cut: true };

/**
 * A real webhook receiver on 127.0.0.1: records every request and answers as told
 * (`behave`), 200 by default. Closed by an `after` hook on the file. `port`: a given one (a
 * receiver coming back up where it was down), else any free one.
 */
export async function startReceiver(path = '/hooks', port = 0) {
  const received: Received[] = [];
  let behaviour: Behaviour = { status: 200 };
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        json = undefined;
      }
      received.push({ headers: request.headers, body, json, at: Date.now() });
      for (const waiter of [...waiters]) {
        if (received.length >= waiter.count) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve();
        }
      }
      const now = behaviour;
      if ('cut' in now) {
        request.socket.destroy();
        return;
      }
      const answer = () => {
        if (response.destroyed) return;
        response.writeHead(now.status, { 'content-type': 'text/plain' });
        response.end(now.body ?? (now.status < 300 ? 'thanks' : 'nope'));
      };
      if (now.delayMs) setTimeout(answer, now.delayMs).unref();
      else answer();
    });
  });
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  const bound = (server.address() as AddressInfo).port;
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  after(close);
  return {
    url: `http://127.0.0.1:${bound}${path}`,
    port: bound,
    received,
    behave(next: Behaviour) {
      behaviour = next;
    },
    /** Resolves once `count` requests in all have arrived; rejects after `timeoutMs`. */
    waitFor(count: number, timeoutMs = 5000): Promise<void> {
      if (received.length >= count) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`receiver: ${received.length} of ${count} requests after ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
    close,
  };
}
