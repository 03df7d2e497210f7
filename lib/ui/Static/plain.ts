/**
 * Whether a block's children are plain markup, the condition for keeping it static (./index.tsx):
 * elements whose output is their tag and their children, and nothing React must run in the
 * browser. Intrinsic elements are plain unless they carry an event handler; a component is plain
 * only when it is registered here (`markPlain`, by the site's MDX components): links, inline code,
 * images, headings, admonitions and the static blocks themselves. Anything else (a code block,
 * tabs, details, a component of a page) makes the block a normal one.
 */
import { Fragment, isValidElement, type ReactNode } from 'react';

const PLAIN = new Set<unknown>();
const INLINE_ONLY = new Set<unknown>();

/** Registers components whose output is plain markup of their props and children. */
export function markPlain(...types: unknown[]): void {
  for (const type of types) PLAIN.add(type);
}

/** Registers a component that is plain when its children are one line of text (MDX's `code`: inline code, not a block). */
export function markPlainWhenInline(type: unknown): void {
  INLINE_ONLY.add(type);
}

const isHandler = (key: string, value: unknown) => /^on[A-Z]/.test(key) && typeof value === 'function';

export function plain(node: ReactNode): boolean {
  if (node == null || typeof node === 'boolean' || typeof node === 'string' || typeof node === 'number' || typeof node === 'bigint') return true;
  if (Array.isArray(node)) return node.every(plain);
  if (!isValidElement<Record<string, unknown>>(node)) return false;
  const { type, props } = node;
  if (typeof type === 'string') {
    if (Object.entries(props).some(([key, value]) => isHandler(key, value))) return false;
  } else if (INLINE_ONLY.has(type)) {
    const children = props.children;
    if (!(typeof children === 'string' && !children.includes('\n'))) return false;
  } else if (!PLAIN.has(type) && (type as unknown) !== Fragment) {
    return false;
  }
  return plain(props.children as ReactNode);
}
