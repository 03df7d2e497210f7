import React, { useState, type ReactNode } from 'react';
import { useLocation } from '@docusaurus/router';
import styles from './styles.module.css';

/** The Markdown twin of a page (plugins/llms-txt): its URL plus `.md`, `/index.md` for the home page. */
export function markdownUrl(pathname: string): string {
  const clean = pathname.replace(/\/$/, '');
  return `${clean || '/index'}.md`;
}

type State = 'idle' | 'copied' | 'failed';

/** Links the page's Markdown twin and copies it to the clipboard (the link works without JavaScript). */
export default function PageMarkdown(): ReactNode {
  const url = markdownUrl(useLocation().pathname);
  const [state, setState] = useState<State>('idle');
  const copy = async () => {
    try {
      const response = await fetch(url);
      if (!response.ok) throw new Error(String(response.status));
      await navigator.clipboard.writeText(await response.text());
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <div className={styles.bar}>
      <button type="button" className={styles.button} onClick={copy}>
        Copy page as Markdown
      </button>
      <a className={styles.link} href={url}>
        View as Markdown
      </a>
      <span className={styles.status} role="status">
        {state === 'copied' ? 'Copied.' : state === 'failed' ? 'Copy failed: open the Markdown link instead.' : ''}
      </span>
    </div>
  );
}
