/**
 * Routes of the pages the OpenAPI plugin generated, read from its output (`api-docs/`): each page's
 * front matter names its OpenAPI node (`openapi_ref`) and its `id`, so no slug rule is copied here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { API_OUTPUT_DIR } from './options';

/** `#/components/schemas/Name` (or an operation's pointer) → its page's route under `/api`. */
export function generatedRoutes(siteDir: string): Map<string, string> {
  const root = path.join(siteDir, API_OUTPUT_DIR);
  const routes = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.mdx')) {
        const head = readFileSync(file, 'utf8').split('\n---', 1)[0];
        const id = /^id: (.+)$/m.exec(head)?.[1];
        const ref = /^openapi_ref: (".*")$/m.exec(head)?.[1];
        if (id && ref) routes.set(JSON.parse(ref) as string, `/api/${path.posix.join(path.relative(root, dir).split(path.sep).join('/'), id)}`);
      }
    }
  };
  walk(root);
  return routes;
}
