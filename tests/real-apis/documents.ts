/**
 * The real-API test set (documents.yaml): public OpenAPI documents read from their pinned npm
 * packages, never copied here. `documentFile` is the absolute path `OPENAPI_SPEC` takes.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parse } from 'yaml';

export interface RealApiDocument {
  id: string;
  package: string;
  file: string;
  origin: string;
  ops: number;
  schemas: number;
  why: string;
  /** Built by `npm test` (tests/fixture/real-apis.test.ts). */
  ci?: boolean;
  /** Memory- and CPU-heavy: build one at a time. */
  heavy?: boolean;
}

const LIST = path.join(__dirname, 'documents.yaml');
const require = createRequire(__filename);

export function realApiDocuments(): RealApiDocument[] {
  const docs = (parse(readFileSync(LIST, 'utf8')) as { documents?: RealApiDocument[] }).documents;
  if (!Array.isArray(docs) || docs.length === 0) throw new Error(`${LIST}: no documents listed`);
  for (const d of docs) {
    if (!d.id || !d.package || !d.file || !d.why) throw new Error(`${LIST}: ${JSON.stringify(d)} needs id, package, file and why`);
  }
  return docs;
}

/** The absolute path of a listed document inside its installed package. */
export function documentFile(doc: RealApiDocument): string {
  const file = path.join(path.dirname(require.resolve(`${doc.package}/package.json`)), doc.file);
  if (!existsSync(file)) throw new Error(`${LIST}: ${doc.id}: ${doc.file} is not in ${doc.package} (is the pinned version installed?)`);
  return file;
}
