/** Publishes the one OpenAPI document as static downloads: /openapi.yaml and /openapi.json. */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { parse } from 'yaml';
import { OPENAPI_SPEC } from '../../config/openapi';

export default function openapiDownloads(context: LoadContext): Plugin {
  const source = path.join(context.siteDir, OPENAPI_SPEC);
  return {
    name: 'openapi-downloads',
    getPathsToWatch: () => [source],
    async postBuild({ outDir }) {
      const text = await fs.readFile(source, 'utf8');
      await fs.writeFile(path.join(outDir, 'openapi.yaml'), text);
      await fs.writeFile(path.join(outDir, 'openapi.json'), `${JSON.stringify(parse(text), null, 2)}\n`);
    },
  };
}
