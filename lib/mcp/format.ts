/**
 * The MCP bundle's format: where it lives in the build, its version, its types, and what the server
 * does with it at run time (unpacking an operation's samples). The docs MCP server imports this
 * file, not ./bundle.ts (which builds the bundle from the sources and pulls in their parsers).
 */
import { createHash } from 'node:crypto';
import { brotliDecompressSync } from 'node:zlib';
import type { ErrorEntry } from '../changelog/errors';
import type { Release } from '../changelog/history';

/** Where the bundle lives in the build, and its format version (the server refuses another). */
export const MCP_DIR = '_mcp';
export const BUNDLE_FILE = `${MCP_DIR}/bundle.json`;
export const BUNDLE_FORMAT = 3;
export const RULES_FILE = 'docs/_scripts/data/dataset-rules.json';
export const ERRORS_PAGE = 'docs/errors.mdx';

export interface BundleOperation {
  operationId: string;
  method: string;
  path: string;
  summary: string;
  tags: string[];
  /** The operation's page, as the page generator wrote it. */
  route: string;
  deprecated: boolean;
  /** Error statuses the operation declares (4xx, 5xx, `default`). */
  errors: string[];
  /**
   * The code samples the page shows (read from the generated page), packed: `packSamples`. Read
   * them with `operationSamples`.
   */
  samples: string;
}

/**
 * The most bytes an operation takes in the bundle on average (its JSON, samples packed): a
 * 400-operation document (DocuSign's eSignature API, issue 41) then has a bundle of about 3 MiB.
 * That document's operations take 1.9 KB on average (the largest 8.6 KB; 3.7 KB and 38 KB before its
 * generated bodies were shortened, samples.ts); Emissary's, 1.6 KB.
 */
export const MAX_OPERATION_BYTES = 8192;

/** An operation's samples as the page shows them: language id → code, byte for byte. */
export function operationSamples(op: Pick<BundleOperation, 'samples'>): Record<string, string> {
  return JSON.parse(brotliDecompressSync(Buffer.from(op.samples, 'base64')).toString('utf8')) as Record<string, string>;
}

/** The written guidance of one /errors section (docs/errors.mdx), as Markdown. */
export interface ErrorGuidance {
  heading: string;
  causes?: string;
  fix?: string;
  retry?: string;
  /** The section's prose when it has none of the labelled parts. */
  text?: string;
}

/**
 * One error status: `operations` declare it (`METHOD /path`); `noBody` lists those of them that
 * declare it without the body above (a state conflict, say: the reference documents no body there).
 */
export type BundleError = Omit<ErrorEntry, 'operations'> & { operations: string[]; noBody: string[]; guidance: ErrorGuidance };

export interface McpBundle {
  format: number;
  site: { title: string; url: string };
  /** Files of the build the server reads, relative to the bundle's site root. */
  files: { openapi: string };
  languages: Array<{ id: string; label: string }>;
  operations: BundleOperation[];
  errors: BundleError[];
  /** Newest first (lib/changelog/history.ts). */
  releases: Release[];
  /** The rules the in-page checker was built with: the server checks it holds the same. */
  datasetRules: { file: string; sha256: string };
}

export const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
