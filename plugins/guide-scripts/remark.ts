/**
 * Remark plugin for the docs: fills every code block whose meta names `script="<file>[#region]"`
 * (its body must be empty) from docs/_scripts, and checks each `<ScriptDownloads page="...">` has
 * its scripts (both for a page; a tool under tools/ may have one) and tells it which exist. Any problem fails the build naming the page, the line and the reference.
 */
import path from 'node:path';
import { resolveRef, SCRIPTS_ROOT } from '../../lib/guide-scripts/assemble';
import { downloadsOf, downloadsProblem, filledMeta, scriptRefOf } from '../../lib/guide-scripts/mdx';

interface Node {
  type: string;
  name?: string | null;
  lang?: string | null;
  meta?: string | null;
  value?: unknown;
  attributes?: { type: string; name?: string; value?: unknown }[];
  position?: { start: { line: number } };
  children?: Node[];
}

export interface Options {
  /** Defaults to this repository's docs/_scripts. */
  root?: string;
}

export default function remarkGuideScripts(options: Options = {}) {
  const root = options.root ?? SCRIPTS_ROOT;
  return (tree: Node, file: { path?: string; cwd?: string }) => {
    const page = file.path ? path.relative(file.cwd ?? process.cwd(), file.path) : '(unknown page)';
    const fail = (node: Node, message: string): never => {
      throw new Error(`guide-scripts: ${page}:${node.position?.start.line ?? '?'}: ${message}`);
    };
    const visit = (node: Node) => {
      if (node.type === 'code') {
        const ref = scriptRefOf(node.meta);
        if (ref !== undefined) {
          if (String(node.value ?? '').trim() !== '') {
            fail(node, `the code block with script="${ref}" must be empty (its body comes from the script)`);
          }
          try {
            node.value = resolveRef(ref, root);
          } catch (error) {
            fail(node, `script="${ref}": ${(error as Error).message}`);
          }
          node.meta = filledMeta(node.meta!, ref);
        }
      } else if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name === 'ScriptDownloads') {
        const attr = node.attributes?.find((a) => a.type === 'mdxJsxAttribute' && a.name === 'page');
        if (!attr || typeof attr.value !== 'string') fail(node, '<ScriptDownloads> needs page="<page-path>" as a plain string');
        const page = attr!.value as string;
        const problem = downloadsProblem(page, root);
        if (problem) fail(node, `<ScriptDownloads>: ${problem}`);
        // The component links only what exists (a tool may be Python only, and has no notebook).
        node.attributes = [
          ...node.attributes!.filter((a) => a.name !== 'languages'),
          { type: 'mdxJsxAttribute', name: 'languages', value: downloadsOf(page, root).map((d) => d.ext).join(' ') },
        ];
      }
      node.children?.forEach(visit);
    };
    visit(tree);
  };
}
