/**
 * The in-page checker's JSON Schema interpreter (lib/dataset-check/schema.ts) against ajv,
 * on the rules file's own schemas: the site's CSP forbids ajv's compiled validators in the browser, so
 * the interpreter must accept exactly the rows ajv accepts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import Ajv from 'ajv';
import { RULES, type Schema } from '../../lib/dataset-check/rules';
import { checkValue } from '../../lib/dataset-check/schema';
import { TASKS } from '../../src/components/DatasetChecker/tasks';

const SUPPORTED = new Set(['type', 'enum', 'const', 'anyOf', 'minLength', 'minimum', 'maximum', 'minItems', 'items', 'contains', 'minProperties', 'required', 'properties', 'additionalProperties', 'description']);
const NUMBER = new RegExp(RULES.csv_number);

function* keywords(schema: Schema | boolean): Generator<string> {
  if (typeof schema === 'boolean') return;
  for (const [key, value] of Object.entries(schema)) {
    yield key;
    if (key === 'properties') for (const sub of Object.values(value as Record<string, Schema>)) yield* keywords(sub);
    else if (key === 'anyOf') for (const sub of value as Schema[]) yield* keywords(sub);
    else if (key === 'items' || key === 'contains' || key === 'additionalProperties') yield* keywords(value as Schema);
  }
}

test('the rules use only the JSON Schema keywords both checkers implement', () => {
  const used = new Set(RULES.layouts.flatMap((layout) => [...keywords(layout.row), ...keywords(layout.advice ?? {})]));
  assert.deepEqual([...used].filter((k) => !SUPPORTED.has(k)), []);
});

/** Values of every JSON type, the edges of the rules' ranges and enums, numbers in quotes, and chat messages. */
const VALUES: unknown[] = [
  'text', '', '4.0', 0, 1, 2, 0.5, -1, 1.4, 4.5, true, false, null,
  {}, { damaged: 1 }, { damaged: 1, delayed: 0 }, { damaged: 2 }, { damaged: '1' }, { damaged: true },
  [], ['text'],
  [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'hello' }],
  [{ role: 'user', content: 'hi' }],
  [{ role: 'bot', content: 'hi' }],
  [{ role: 'user' }],
  [{ role: 'assistant', content: '' }],
  [{ role: 'assistant', content: 'x', name: 'extra' }],
  ['not a message'],
];

function* rowsFor(keys: string[]): Generator<Record<string, unknown>> {
  const [first, ...rest] = keys;
  if (!first) return yield {};
  for (const tail of rowsFor(rest)) {
    yield tail;
    for (const value of VALUES) yield { [first]: value, ...tail };
  }
}

test('on every layout, the interpreter and ajv accept the same rows, as rules and as advice', () => {
  const ajv = new Ajv({ strict: false, allErrors: false });
  let compared = 0;
  for (const layout of RULES.layouts) {
    for (const [part, schema] of [['row', layout.row], ['advice', layout.advice ?? {}]] as const) {
      const validate = ajv.compile(schema);
      for (const base of rowsFor(layout.keys)) {
        for (const row of [base, { ...base, extra: 'x' }]) {
          const ours = checkValue(row, schema, 'row', NUMBER).length === 0;
          assert.equal(ours, validate(row), `${layout.id} ${part}: ${JSON.stringify(row)}: ajv ${JSON.stringify(validate.errors)}`);
          compared++;
        }
      }
    }
  }
  assert.ok(compared > 5000, `only ${compared} rows compared`);
});

test('stricter than JSON Schema in one place: text of only spaces counts as empty', () => {
  const layout = RULES.layouts.find((l) => l.id === 'prompt-completion')!;
  const found = checkValue({ prompt: '  ', completion: 'b' }, layout.row, 'row', NUMBER);
  assert.deepEqual(found.map((f) => f.kind), ['empty-value']);
  assert.equal(new Ajv({ strict: false }).validate(layout.row, { prompt: '  ', completion: 'b' }), true);
});

test("the form's task menu lists the rules file's tasks, in order", () => {
  assert.deepEqual([...TASKS], RULES.tasks);
});
