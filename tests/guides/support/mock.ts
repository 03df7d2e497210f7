/**
 * A Prism mock of openapi/emissary.yaml (validating requests, `--errors`), behind a small proxy.
 * The proxy exists because Prism 5.16 crashes on a multipart part without its own Content-Type
 * header (parse-multipart-data reads `part.contentTypeHeader.split(':')[1]`), and that is what
 * `requests` (files=/data=) and `curl --form` send for plain fields. It adds the missing header
 * (text/plain for fields, application/octet-stream for files) and passes everything else through.
 */
import http from 'node:http';
import { freePort, startPrism } from '../../support/prism';

/** One call through the mock, with both bodies parsed when they are JSON. */
export interface Call {
  method: string;
  /** The path without the query. */
  path: string;
  /** The request's headers, names in lower case. */
  headers: http.IncomingHttpHeaders;
  request: unknown;
  status: number;
  response: unknown;
}

export interface Mock {
  /** What scripts use as EMISSARY_BASE_URL. */
  baseUrl: string;
  /** Every call so far, in order (tests run one script at a time: slice from a length taken before). */
  calls: Call[];
  /** Prism's output so far. */
  log(): string;
  stop(): Promise<void>;
}

/** Gives every part of a multipart body a Content-Type header. */
export function typeMultipartParts(body: Buffer, boundary: string): Buffer {
  const delimiter = Buffer.from(`--${boundary}`);
  const pieces: Buffer[] = [];
  let at = body.indexOf(delimiter);
  if (at === -1) return body;
  pieces.push(body.subarray(0, at + delimiter.length));
  at += delimiter.length;
  for (;;) {
    const next = body.indexOf(delimiter, at);
    if (next === -1) {
      pieces.push(body.subarray(at));
      break;
    }
    const part = body.subarray(at, next);
    const headEnd = part.indexOf('\r\n\r\n');
    if (headEnd !== -1) {
      const head = part.subarray(0, headEnd).toString('latin1');
      if (!/\r\ncontent-type:/i.test(head)) {
        const type = /filename=/i.test(head) ? 'application/octet-stream' : 'text/plain';
        pieces.push(Buffer.from(`${head}\r\nContent-Type: ${type}`, 'latin1'), part.subarray(headEnd));
      } else {
        pieces.push(part);
      }
    } else {
      pieces.push(part);
    }
    pieces.push(delimiter);
    at = next + delimiter.length;
  }
  return Buffer.concat(pieces);
}

export async function startMock(): Promise<Mock> {
  const prism = await startPrism();
  const prismPort = prism.port;
  const log = prism.log;
  const calls: Call[] = [];
  const json = (b: Buffer): unknown => {
    try {
      return JSON.parse(b.toString('utf8'));
    } catch {
      return undefined;
    }
  };

  const proxy = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: Buffer = Buffer.concat(chunks);
      const boundary = req.headers['content-type']?.match(/^multipart\/form-data;.*boundary="?([^";]+)"?/i)?.[1];
      if (boundary) body = typeMultipartParts(body, boundary);
      const headers = { ...req.headers, 'content-length': String(body.length) };
      delete headers['transfer-encoding'];
      const upstream = http.request(
        { host: '127.0.0.1', port: prismPort, method: req.method, path: req.url, headers },
        (reply) => {
          res.writeHead(reply.statusCode ?? 502, reply.headers);
          const answer: Buffer[] = [];
          reply.on('data', (c: Buffer) => {
            answer.push(c);
            res.write(c);
          });
          reply.on('end', () => {
            calls.push({ method: req.method ?? '', path: (req.url ?? '').split('?')[0], headers: req.headers, request: json(body), status: reply.statusCode ?? 0, response: json(Buffer.concat(answer)) });
            res.end();
          });
        },
      );
      upstream.on('error', (error) => {
        res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(`mock proxy: Prism did not answer (${error.message})\n${log().slice(-2000)}`);
      });
      upstream.end(body);
    });
  });
  const proxyPort = await freePort();
  await new Promise<void>((resolve) => proxy.listen(proxyPort, '127.0.0.1', resolve));

  return {
    baseUrl: `http://127.0.0.1:${proxyPort}`,
    calls,
    log,
    async stop() {
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      await prism.stop();
    },
  };
}
