/**
 * Static blocks: the parts of a page that never change after the build (paragraphs, lists,
 * tables, headings, quotes) keep the HTML the server sent, and React does not render them again
 * when the page loads.
 *
 * How: while the browser hydrates a built page, a static block renders its own element with an
 * empty `dangerouslySetInnerHTML` and no children. React then attaches to that one element and
 * leaves everything inside it as the server wrote it (React sets inner HTML only when the string
 * changes, so the server's stays for the block's life). Blocks the browser renders itself
 * (client-side navigation, `npm start`, where nothing is hydrated) render their children as usual.
 *
 * Only what holds no interactive part is static: a block's children are walked first (./plain.ts)
 * and a block that holds anything else (a code block with its copy button, tabs, details, the
 * dataset checker) is rendered and hydrated as before, its own static blocks inside it kept.
 * Links inside a static block still navigate in place and preload on intent (./links.ts).
 *
 * If the server's HTML is gone when the block mounts (React rendered the page afresh after a
 * hydration error), the block renders its children: a static block is never left empty.
 */
import React, { createElement, useLayoutEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import { useHistory } from '@docusaurus/router';
import { followLink, preloadLink } from './links';
import { plain } from './plain';

const KEEP = { __html: '' };

/**
 * True from startup until the first page has hydrated, in a browser given server HTML. Docusaurus
 * hydrates the built pages and renders `npm start`'s from nothing; ./client.ts ends it.
 */
let hydrating = ExecutionEnvironment.canUseDOM && Boolean(document.getElementById('__docusaurus')?.firstElementChild);

/** Called once the first page has hydrated (./client.ts, on Docusaurus's first route update). */
export function hydrated(): void {
  hydrating = false;
}

type BlockProps = { children?: ReactNode } & Record<string, unknown>;

/**
 * Whether this block keeps the server's HTML, decided when it mounts (`plainChildren`: whether its
 * children may be left unrendered), and the props of its element while it does.
 */
function useStatic(children: ReactNode, plainChildren: () => boolean): Record<string, unknown> | null {
  const [keep, setKeep] = useState(() => hydrating && plainChildren());
  const ref = useRef<HTMLElement>(null);
  const history = useHistory();
  useLayoutEffect(() => {
    if (keep && ref.current && !ref.current.hasChildNodes() && children != null) setKeep(false);
  }, [keep, children]);
  if (!keep) return null;
  return {
    ref,
    dangerouslySetInnerHTML: KEEP,
    suppressHydrationWarning: true,
    onClick: (event: React.MouseEvent<HTMLElement>) => followLink(event, history),
    onMouseOver: preloadLink,
    onTouchStart: preloadLink,
  };
}

/**
 * The MDX component for a static block: `tag` is the element `render` puts at the block's root
 * (the element hydration attaches to), `render` the component (or tag) that draws the block.
 * The block's children are checked (./plain.ts).
 */
export function staticBlock<P extends BlockProps>(tag: string, render: ComponentType<P> | string, name: string): ComponentType<P> {
  function Static(props: P): ReactNode {
    const kept = useStatic(props.children, () => plain(props.children));
    return kept ? createElement(tag, kept) : createElement(render, props);
  }
  Static.displayName = `Static(${name})`;
  return Static;
}

/**
 * An element of the site's own components whose content is plain markup (a field line of an API
 * page: its name, type, description and values), static like a block. The component using it
 * vouches that nothing interactive is inside: its children are not checked.
 */
export function StaticPart({ as = 'div', children, ...props }: { as?: string; children?: ReactNode } & Record<string, unknown>): ReactNode {
  const kept = useStatic(children, () => true);
  return kept ? createElement(as, kept) : createElement(as, props, children);
}
