/**
 * Serves build/ the way a static host should: clean URLs (/page -> page.html), 404.html with
 * status 404 for unknown paths, the site-wide headers of build/_headers (as Netlify and Cloudflare
 * Pages apply them, e.g. the Content-Security-Policy), optional gzip and extra headers.
 */
import { createServer, type Server } from 'node:http';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { resolveFile } from '../lib/files';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.yaml': 'application/yaml; charset=utf-8',
  '.woff2': 'font/woff2',
};

export interface ServeOptions {
  dir: string;
  port: number;
  gzip?: boolean;
  headers?: Record<string, string>;
}


/** Headers of the `/*` block of a _headers file. */
export async function siteHeaders(dir: string): Promise<Record<string, string>> {
  const text = await fs.readFile(path.join(dir, '_headers'), 'utf8').catch(() => '');
  const block = text.split(/\n(?=\S)/).find((b) => b.startsWith('/*')) ?? '';
  return Object.fromEntries(
    block
      .split('\n')
      .slice(1)
      .map((line) => line.trim().match(/^([\w-]+):\s*(.+)$/))
      .filter((m): m is RegExpMatchArray => m !== null)
      .map((m) => [m[1], m[2]]),
  );
}

export async function serve({ dir, port, gzip = false, headers = {} }: ServeOptions): Promise<Server> {
  const root = path.resolve(dir);
  const fileHeaders = await siteHeaders(root);
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    let file = await resolveFile(root, url.pathname);
    let status = 200;
    if (!file) {
      file = path.join(root, '404.html');
      status = 404;
    }
    let body: Buffer = await fs.readFile(file);
    const head: Record<string, string> = { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream', ...fileHeaders, ...headers };
    // Files already gzip-compressed on disk (Pagefind's index) go out as they are, as a CDN sends them.
    const alreadyGzip = body[0] === 0x1f && body[1] === 0x8b;
    if (gzip && !alreadyGzip && /gzip/.test(String(req.headers['accept-encoding'] ?? ''))) {
      body = gzipSync(body);
      head['Content-Encoding'] = 'gzip';
    }
    head['Content-Length'] = String(body.length);
    res.writeHead(status, head);
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}
