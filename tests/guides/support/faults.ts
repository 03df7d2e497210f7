/**
 * A fault-injecting proxy for the guide scripts: it sits in front of the mock (support/mock.ts) and
 * passes every request through, except that the n-th call that is safe to repeat (a GET, or an
 * inference POST: /fine-tuning/limits#safe-to-retry) gets one planned fault instead:
 * a 502, a 429 with `Retry-After: 1`, or no answer at all (the connection stays open until the
 * client gives up). It records every request, so a test can check that no create call came twice.
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import { freePort } from '../../support/prism';

export type Fault = '502' | '429' | 'hang';

/** The inference calls: POSTs that create nothing, so safe to repeat (a page with only these still meets every fault). */
export const INFERENCE_PATH = /^\/v1\/(completions|chat\/completions|classification|embeddings)$/;

export interface Seen {
  method: string;
  path: string;
  /** The body, with a multipart boundary replaced by a fixed word so that equal uploads compare equal. */
  body: string;
  /** The fault answered instead of the mock's reply, if any. */
  fault?: Fault;
}

export interface FaultProxy {
  baseUrl: string;
  seen: Seen[];
  /** The faults of the plan that have been answered so far, in order. */
  fired(): Fault[];
  stop(): Promise<void>;
}

/**
 * `plan` maps the number of a safe call (1 = the first GET or inference POST) to its fault. Every
 * other request goes to `target` unchanged; the retry of a faulted call is the next safe call.
 */
export async function startFaultProxy(target: string, plan: Record<number, Fault>): Promise<FaultProxy> {
  const upstream = new URL(target);
  const seen: Seen[] = [];
  const sockets = new Set<Socket>();
  let reads = 0;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const boundary = req.headers['content-type']?.match(/boundary="?([^";]+)"?/i)?.[1];
      const text = body.toString('latin1');
      const entry: Seen = { method: req.method!, path: req.url!, body: boundary ? text.split(boundary).join('BOUNDARY') : text };
      seen.push(entry);
      const safe = req.method === 'GET' || (req.method === 'POST' && INFERENCE_PATH.test(new URL(req.url!, target).pathname));
      const fault = safe ? plan[++reads] : undefined;
      if (fault) {
        entry.fault = fault;
        if (fault === 'hang') return; // never answer: the client's read time-out must end the wait
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (fault === '429') headers['retry-after'] = '1';
        res.writeHead(Number(fault), headers).end(JSON.stringify({ status: Number(fault), error: `injected ${fault}` }));
        return;
      }
      const forward = http.request(
        { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
        (reply) => {
          res.writeHead(reply.statusCode ?? 502, reply.headers);
          reply.pipe(res);
        },
      );
      forward.on('error', (error) => res.writeHead(599).end(`fault proxy: the mock did not answer (${error.message})`));
      forward.end(body);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    seen,
    fired: () => seen.flatMap((s) => (s.fault ? [s.fault] : [])),
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
