/**
 * The stdio transport of the docs server: JSON-RPC messages one per line, as the SDK's own, but a
 * bad line never ends the server. A line over MAX_MESSAGE_BYTES is skipped as it streams (never
 * held whole) and answered with a JSON-RPC error for its id when one can be read at either end of
 * it; a line that is not JSON or not JSON-RPC is answered too. Each refusal writes a log line.
 */
import process from 'node:process';
import { parseJSONRPCMessage, type JSONRPCMessage, type Transport } from '@modelcontextprotocol/server';
import { BATCH_REFUSAL, clipEchoed, MAX_MESSAGE_BYTES } from './limits';

export { MAX_MESSAGE_BYTES };
/** How much of each end of an oversized line is kept to find its id. */
const EDGE = 256;

type Id = string | number | null;

/** A request's id, read from the start or the end of a line too long to parse (the SDK's client writes it last). */
function idOf(head: string, tail: string): Id {
  const m = /"id"\s*:\s*(-?\d{1,15}|"(?:[^"\\]|\\.){0,100}")\s*}\s*$/.exec(tail) ?? /^\s*\{(?:[^{}]*?,)?\s*"id"\s*:\s*(-?\d{1,15}|"(?:[^"\\]|\\.){0,100}")\s*[,}]/.exec(head);
  return m ? (JSON.parse(m[1]) as string | number) : null;
}

export class BoundedStdioTransport implements Transport {
  onmessage?: Transport['onmessage'];
  onerror?: Transport['onerror'];
  onclose?: Transport['onclose'];
  private chunks: Buffer[] = [];
  private size = 0;
  /** Set while skipping a line over the limit: its first and last bytes. */
  private skipping?: { head: string; tail: Buffer; bytes: number };

  constructor(
    private readonly maxBytes = MAX_MESSAGE_BYTES,
    private readonly input: NodeJS.ReadableStream = process.stdin,
    private readonly output: NodeJS.WritableStream = process.stdout,
    private readonly log: (line: string) => void = (line) => console.error(`emissary-docs MCP server: ${line}`),
  ) {}

  async start() {
    this.input.on('data', this.ondata);
    this.input.on('end', this.onend);
    this.input.on('error', this.oninputerror);
  }

  private readonly oninputerror = (error: Error) => this.onerror?.(error);
  private readonly onend = () => void this.close();

  private readonly ondata = (chunk: Buffer) => {
    let start = 0;
    while (start <= chunk.length) {
      const newline = chunk.indexOf(10, start);
      const piece = chunk.subarray(start, newline === -1 ? chunk.length : newline);
      if (this.skipping) {
        this.skipping.bytes += piece.length;
        this.skipping.tail = Buffer.concat([this.skipping.tail, piece]).subarray(-EDGE);
      } else if (this.size + piece.length > this.maxBytes) {
        const line = Buffer.concat([...this.chunks, piece]);
        this.skipping = { head: line.subarray(0, EDGE).toString('utf8'), tail: line.subarray(-EDGE), bytes: line.length };
        this.chunks = [];
        this.size = 0;
      } else if (piece.length) {
        this.chunks.push(piece);
        this.size += piece.length;
      }
      if (newline === -1) return;
      start = newline + 1;
      this.endLine();
    }
  };

  private endLine() {
    if (this.skipping) {
      const { head, tail, bytes } = this.skipping;
      this.skipping = undefined;
      const id = idOf(head, tail.toString('utf8'));
      this.log(`refused a message of ${bytes} bytes on stdin (the limit is ${this.maxBytes}); answered with a JSON-RPC error${id === null ? ' (no id found)' : ''}`);
      this.refuse(id, -32600, `Invalid Request: the message is ${bytes} bytes, over this server's limit of ${this.maxBytes} bytes. Send less (check_dataset: save large rows to a file and pass file).`);
      return;
    }
    const line = Buffer.concat(this.chunks).toString('utf8').replace(/\r$/, '');
    this.chunks = [];
    this.size = 0;
    if (!line.trim()) return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      this.log(`refused a line of ${line.length} characters on stdin that is not JSON`);
      this.refuse(null, -32700, 'Parse error: the line is not JSON');
      return;
    }
    if (Array.isArray(value)) {
      this.log('refused a JSON-RPC batch on stdin');
      this.refuse(null, -32600, BATCH_REFUSAL);
      return;
    }
    let parsed: JSONRPCMessage;
    try {
      parsed = parseJSONRPCMessage(value);
    } catch {
      const id = value && typeof value === 'object' && 'id' in value && (typeof value.id === 'number' || typeof value.id === 'string') ? value.id : null;
      this.log('refused a JSON line on stdin that is not a JSON-RPC message');
      this.refuse(id, -32600, 'Invalid Request: not a JSON-RPC 2.0 message');
      return;
    }
    clipEchoed(parsed);
    this.onmessage?.(parsed);
  }

  private refuse(id: Id, code: number, message: string) {
    void this.send({ jsonrpc: '2.0', id, error: { code, message } } as unknown as JSONRPCMessage);
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.output.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.output.once('drain', resolve);
    });
  }

  private closed = false;

  async close() {
    if (this.closed) return;
    this.closed = true;
    this.input.off('data', this.ondata);
    this.input.off('end', this.onend);
    this.input.off('error', this.oninputerror);
    this.chunks = [];
    this.onclose?.();
  }
}
