/**
 * A Prism mock of openapi/emissary.yaml (or another document) on a free local port, validating every request (`--errors`
 * answers an invalid request with 4xx and an `sl-violations` header). Used by the sample test (tests/e2e/samples.spec.ts) and
 * the guide-script harness.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../..');

export interface Prism {
  url: string;
  port: number;
  /** Prism's output so far. */
  log(): string;
  /** Stops exactly the process started here and waits for it to exit. */
  stop(): Promise<void>;
}

/** Asks the OS for a free port, so concurrent runs (or a stray Prism on 4010) cannot collide. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer().once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

/** `spec`: the document to mock, relative to the site or absolute (Emissary's by default). */
export async function startPrism(spec = 'openapi/emissary.yaml'): Promise<Prism> {
  const port = await freePort();
  const bin = path.join(ROOT, 'node_modules/.bin/prism');
  const args = ['mock', spec, '--host', '127.0.0.1', '--port', String(port), '--errors'];
  let log = '';
  const prism: ChildProcess = spawn(bin, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  prism.stdout!.on('data', (d) => (log += d));
  prism.stderr!.on('data', (d) => (log += d));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (prism.exitCode === null && prism.signalCode === null) {
      const exited = new Promise((resolve) => prism.once('exit', resolve));
      prism.kill('SIGTERM');
      await exited;
    }
  };

  // Any HTTP answer (even 401/404) means Prism has loaded the document and is listening.
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (prism.exitCode !== null) throw new Error(`Prism exited early:\n${log}`);
    try {
      await fetch(`${url}/v1/projects`);
      return { url, port, log: () => log, stop };
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`Prism did not start within 60s:\n${log}`);
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}
