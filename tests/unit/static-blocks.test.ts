/**
 * lib/ui/Static/plain.ts: which children a static block may leave unrendered. Markup and
 * registered components are plain; an event handler, an unregistered component (a code block,
 * tabs, details) or a multi-line `code` (a code block, not inline code) anywhere inside is not.
 * And which API field lines are static (plugins/api-reference/components/staticLines.ts).
 * What the reader gets on built pages: tests/e2e/static-blocks.spec.ts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createElement as h, Fragment, type ReactNode } from 'react';
import { markPlain, markPlainWhenInline, plain } from '../../lib/ui/Static/plain';
import { staticFieldLine, staticParamLine } from '../../plugins/api-reference/components/staticLines';

const Link = (props: { href: string; children?: ReactNode }) => h('a', props);
const Code = (props: { children?: ReactNode }) => h('code', props);
const Tabs = (props: { children?: ReactNode }) => h('div', props);
markPlain(Link);
markPlainWhenInline(Code);

test('text, numbers, nothing and markup are plain', () => {
  assert.equal(plain('text'), true);
  assert.equal(plain([1, null, false, undefined, 'x']), true);
  assert.equal(plain(h('p', null, 'a ', h('strong', null, 'b'), h('em', null, h('span', null, 'c')))), true);
  assert.equal(plain(h(Fragment, null, 'a', h('br'))), true);
});

test('a registered component is plain when its children are', () => {
  assert.equal(plain(h('p', null, h(Link, { href: '/x' }, 'see ', h('code', null, 'x')))), true);
  assert.equal(plain(h('p', null, h(Link, { href: '/x' }, h(Tabs, null)))), false);
});

test('an unregistered component anywhere inside is not plain', () => {
  assert.equal(plain(h(Tabs, null, 'a')), false);
  assert.equal(plain(h('ul', null, h('li', null, h('p', null, 'deep ', h(Tabs, null))))), false);
});

test('an element with an event handler is not plain; other attributes are', () => {
  assert.equal(plain(h('span', { onClick: () => undefined }, 'x')), false);
  assert.equal(plain(h('span', { className: 'c', id: 'i', 'data-x': '1', onclick: 'string attribute' }, 'x')), true);
});

test('code registered as inline-only is plain on one line, not as a block', () => {
  assert.equal(plain(h('p', null, h(Code, null, 'npm test'))), true);
  assert.equal(plain(h('li', null, h(Code, null, 'line 1\nline 2'))), false);
  assert.equal(plain(h('li', null, h(Code, null, h('span', null, 'x')))), false);
});

test('an API field line is static unless it draws example tabs or holds more', () => {
  assert.equal(staticFieldLine({ type: 'string', example: 'a' }, undefined), true);
  assert.equal(staticFieldLine({ type: 'string', examples: ['a'] }, undefined), true);
  // Field's SchemaField draws `example` as a line and two `examples` as tabs, both: not static.
  assert.equal(staticFieldLine({ type: 'string', example: 'a', examples: ['b', 'c'] }, undefined), false);
  assert.equal(staticFieldLine({ type: 'string', examples: { one: { value: 1 }, two: { value: 2 } } }, undefined), false);
  assert.equal(staticFieldLine({ type: 'object' }, h('div', null)), false);
  assert.equal(staticParamLine({}, { type: 'string', example: 'a', examples: ['b', 'c'] }), false);
  assert.equal(staticParamLine({ examples: { only: { value: 1 } } }, { examples: ['b', 'c'] }), true);
  assert.equal(staticParamLine({}, undefined), true);
});
