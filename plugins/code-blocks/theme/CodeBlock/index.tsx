/**
 * The site's code block, our own component in place of theme-classic's: it shows code highlighted
 * at build time (../../highlight.ts), so no page downloads a highlighter. A title, marked lines and
 * the copy button work as theme-classic's do, with the class names the site's CSS and tests use.
 *
 * Where the lines come from:
 * - The server rendering (the build) waits for the block's highlights file and writes its lines.
 * - The browser, hydrating that HTML, keeps the server's lines: the `<code>` is rendered empty with
 *   suppressHydrationWarning, and React leaves what the server sent. So the highlighted HTML is in
 *   no script a page loads at startup.
 * - A block the browser renders itself (client-side navigation, `npm start`, code that changes)
 *   shows its code plain at once, then its highlighted lines from the highlights file, a lazy
 *   import (never a highlighter).
 * The file is handed over as `highlights` (fenced code, ../../remark.ts, with the block's index as
 * `hl`) or provided by the page (../../context.tsx, found by ../../key.ts). Code with neither shows plain.
 */
import React, { use, useContext, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import clsx from 'clsx';
import { HighlightsContext, type Highlights, type HighlightsLoader } from '../../../../lib/code/context';
import { codeKey } from '../../../../lib/code/key';
import { linesToHtml, plainHtml, type Lines } from '../../../../lib/code/lines';
import CopyButton from './CopyButton';
import styles from './styles.module.css';

export interface Props {
  children?: ReactNode;
  className?: string;
  language?: string;
  title?: ReactNode;
  /** Loads the highlights file this block's lines are in. */
  highlights?: HighlightsLoader;
  /** The block's index in that file; without it, its key (../../key.ts). */
  hl?: number;
  metastring?: string;
}

/** Children as MDX and components give them: one string, or several to join. */
function codeOf(children: ReactNode): string | undefined {
  if (typeof children === 'string') return children;
  if (Array.isArray(children) && children.every((c) => typeof c === 'string')) return children.join('');
  return undefined;
}

/** One promise per file, as React's `use` needs, and one download per file and visit. */
const files = new WeakMap<HighlightsLoader, Promise<Highlights>>();
function loaded(load: HighlightsLoader): Promise<Highlights> {
  let file = files.get(load);
  if (!file) {
    file = load().then((m) => m.default);
    files.set(load, file);
  }
  return file;
}

/** The block's highlighted HTML from its file, if the file has it. */
function lookup(file: Highlights, key: number | string): string | undefined {
  const lines = (file.blocks as Readonly<Record<string, Lines>>)[key];
  return lines && linesToHtml(lines, file.types);
}

interface LinesProps {
  code: string;
  language: string;
  load: HighlightsLoader | undefined;
  /** The block's index in the file, when the file is the page's fenced blocks. */
  hl: number | undefined;
}

const entryOf = ({ hl, language, code }: LinesProps): number | string => hl ?? codeKey(language, code);

/** The server rendering: the highlighted lines, once the file is in (the build waits for it). */
function ServerLines(props: LinesProps): ReactNode {
  const { code, load } = props;
  const html = (load && lookup(use(loaded(load)), entryOf(props))) ?? plainHtml(code);
  return <code className={styles.codeBlockLines} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** In the browser: the server's lines kept while hydrating; otherwise plain, then highlighted from the file. */
function BrowserLines(props: LinesProps): ReactNode {
  const { code, language, load, hl } = props;
  const ref = useRef<HTMLElement>(null);
  const first = useRef(true);
  // '' renders nothing over what the server sent; React keeps it as long as this stays ''.
  const [html, setHtml] = useState('');
  useLayoutEffect(() => {
    const hydrated = first.current && ref.current!.innerHTML !== '';
    first.current = false;
    if (hydrated) return undefined;
    setHtml(plainHtml(code));
    if (!load) return undefined;
    let current = true;
    loaded(load).then(
      (file) => {
        const found = lookup(file, entryOf({ code, language, load, hl }));
        if (current && found) setHtml(found);
      },
      () => undefined, // Offline or a stale deployment: the code stays plain.
    );
    return () => {
      current = false;
    };
  }, [code, language, load, hl]);
  return <code ref={ref} className={styles.codeBlockLines} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: html }} />;
}

const Lines = typeof window === 'undefined' ? ServerLines : BrowserLines;

export default function CodeBlock({ children, className, language: given, title, highlights, hl }: Props): ReactNode {
  const provided = useContext(HighlightsContext);
  const language = (given ?? /language-(\S+)/.exec(className ?? '')?.[1] ?? 'text').toLowerCase();
  // Fenced code ends with the newline before its closing fence; the copied text does not.
  const code = codeOf(children)?.replace(/\n$/, '');
  const load = highlights ?? provided;
  return (
    <div className={clsx('theme-code-block', styles.codeBlockContainer, `language-${language}`, className)}>
      {title && <div className={styles.codeBlockTitle}>{title}</div>}
      <div className={styles.codeBlockContent}>
        <pre tabIndex={0} className={clsx('prism-code', `language-${language}`, styles.codeBlock, 'thin-scrollbar')}>
          {code === undefined ? (
            <code className={styles.codeBlockLines}>{children}</code>
          ) : (
            <Lines code={code} language={language} load={load} hl={hl} />
          )}
        </pre>
        {code !== undefined && <CopyButton code={code} className={styles.copyButton} />}
      </div>
    </div>
  );
}
