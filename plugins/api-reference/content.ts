/**
 * This plugin's content: its generated pages (`api-docs/`), read once per build. Each page's front
 * matter names its OpenAPI node (`openapi_ref`) and its `id`, so no slug rule is copied here; an
 * operation's page module exports the code samples it shows (./page.mustache).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { API_OUTPUT_DIR, type ApiReferenceContent } from '../../lib/openapi/generated';
import type { CodeSample } from '../../lib/openapi/samples';

export function generatedContent(siteDir: string): ApiReferenceContent {
  const root = path.join(siteDir, API_OUTPUT_DIR);
  const content: ApiReferenceContent = { routes: new Map(), samples: new Map() };
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.mdx')) {
        const text = readFileSync(file, 'utf8');
        const head = text.split('\n---', 1)[0];
        const id = /^id: (.+)$/m.exec(head)?.[1];
        const ref = /^openapi_ref: (".*")$/m.exec(head)?.[1];
        if (!id || !ref) continue;
        const pointer = JSON.parse(ref) as string;
        content.routes.set(pointer, `/api/${path.posix.join(path.relative(root, dir).split(path.sep).join('/'), id)}`);
        const exported = /^export const codeSamples = (.*);$/m.exec(text)?.[1];
        if (exported) content.samples.set(pointer, JSON.parse(exported) as CodeSample[]);
      }
    }
  };
  walk(root);
  return content;
}
