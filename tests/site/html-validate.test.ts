/**
 * Every built page has valid element nesting and structure (html-validate), structure rules only:
 * style rules would flag the minifier's choices (unquoted attributes, no optional end tags).
 *
 * The minified HTML omits optional end tags (</th>, </tr>, </thead>, </body>, </html>), which
 * html-validate's parser does not infer, so each page is first parsed the way a browser parses
 * it (parse5, the WHATWG algorithm) and re-serialised with every end tag. Markup errors the
 * browser would have to repair are reported from that parse too, so normalising hides nothing.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { HtmlValidate, type RuleConfig } from 'html-validate';
import { parse, serialize } from 'parse5';
import { BUILD_DIR, htmlFiles } from '../support/build';

const STRUCTURE_RULES: RuleConfig = {
  'close-attr': 'error',
  'close-order': 'error',
  'element-permitted-content': 'error',
  'element-permitted-occurrences': 'error',
  'element-permitted-order': 'error',
  'element-permitted-parent': 'error',
  'element-required-ancestor': 'error',
  'element-required-content': 'error',
  'no-dup-id': 'error',
  'no-multiple-main': 'error',
  'unique-landmark': 'error',
};

const validator = new HtmlValidate({ root: true, extends: [], rules: STRUCTURE_RULES });

test('every built page has valid nesting and structure', async (t) => {
  const files: string[] = [];
  for await (const file of htmlFiles()) files.push(file);
  assert.ok(files.length > 0, `no HTML files in ${BUILD_DIR}`);
  for (const file of files.sort()) {
    const name = path.relative(BUILD_DIR, file);
    await t.test(name, async () => {
      const problems: string[] = [];
      const document = parse(await fs.readFile(file, 'utf8'), {
        onParseError: (error) => problems.push(`${name}:${error.startLine}:${error.startCol} parse-error: ${error.code}`),
      });
      const report = await validator.validateString(serialize(document), name);
      for (const m of report.results.flatMap((result) => result.messages)) {
        // Lines and columns count in the re-serialised page; the selector locates the element.
        problems.push(`${name} ${m.ruleId}: ${m.message}${m.selector ? ` (at ${m.selector})` : ''}`);
      }
      assert.deepEqual(problems, [], `${name}: ${problems.length} structure problem(s)\n${problems.join('\n')}`);
    });
  }
});
