/**
 * A Content-Security-Policy the static build satisfies: every inline script Docusaurus emits is
 * allowed by its SHA-256 hash, nothing else runs. Written as build/_headers (the format of
 * Netlify and Cloudflare Pages; the README shows the same header for nginx).
 */
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';
import { filesEndingWith } from '../../lib/files';
import { DISCOVERY_HEADERS } from '../../lib/mcp/clients';

const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/g;

/** JSON-LD and other data blocks never execute, so CSP does not govern them. */
function isExecutable(attributes: string): boolean {
  const type = attributes.match(/\stype=["']?([^"'\s>]+)/)?.[1];
  return !type || /^(text|application)\/(java|ecma)script$|^module$/.test(type);
}

export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)]
    .filter(([, attributes]) => isExecutable(attributes))
    .map(([, , body]) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`);
}

export function contentSecurityPolicy(scriptHashes: Iterable<string>): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${[...new Set(scriptHashes)].sort().join(' ')}`,
    // React writes style attributes (e.g. collapsible heights), so inline styles stay allowed.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export async function buildCsp(outDir: string): Promise<string> {
  const hashes = new Set<string>();
  for await (const file of filesEndingWith(outDir, '.html')) {
    for (const hash of inlineScriptHashes(await fs.readFile(file, 'utf8'))) hashes.add(hash);
  }
  return contentSecurityPolicy(hashes);
}

export default function cspPlugin(): Plugin {
  return {
    name: 'csp-headers',
    async postBuild({ outDir }) {
      const headers = [
        '/*',
        `  Content-Security-Policy: ${await buildCsp(outDir)}`,
        '  X-Content-Type-Options: nosniff',
        '  Referrer-Policy: strict-origin-when-cross-origin',
        // The MCP Catalog and Server Card are read by clients on other origins (plugins/mcp).
        ...DISCOVERY_HEADERS,
        '',
      ].join('\n');
      await fs.writeFile(path.join(outDir, '_headers'), headers);
    },
  };
}
