import React, { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useLocation } from '@docusaurus/router';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import useIsBrowser from '@docusaurus/useIsBrowser';
import styles from './styles.module.css';
import { leftOut } from '../leftOut';
import { copyText } from '../../../lib/ui/clipboard';

/** The Markdown twin of a page (plugins/llms-txt): its URL plus `.md`, `/index.md` for the home page. */
export function markdownUrl(pathname: string): string {
  const clean = pathname.replace(/\/$/, '');
  return `${clean || '/index'}.md`;
}

/** Links that open an assistant with a prompt naming the twin's absolute URL; nothing is sent before the click. */
export function assistantLinks(twinUrl: string): Array<{ label: string; href: string }> {
  const prompt = encodeURIComponent(`Read ${twinUrl} so that I can ask you questions about it.`);
  return [
    { label: 'Open in ChatGPT', href: `https://chatgpt.com/?q=${prompt}` },
    { label: 'Open in Claude', href: `https://claude.ai/new?q=${prompt}` },
  ];
}

/** The page with each MCP client's configuration for the docs server (docs/ai-agents.mdx, one of the guides). */
export const CONNECT_PAGE = '/ai-agents';

type State = 'idle' | 'copied' | 'failed';
const TRIGGER = 'Page as Markdown';

/**
 * A small menu above each doc page: copy its Markdown twin, view it, or open it in an assistant.
 * Served as <details> (works without JavaScript); once running, a disclosure button that Escape closes.
 */
export default function PageMarkdown(): ReactNode {
  const url = markdownUrl(useLocation().pathname);
  const { siteConfig } = useDocusaurusContext();
  const enhanced = useIsBrowser();
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<State>('idle');
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const copy = async () => {
    try {
      const response = await fetch(url);
      if (!response.ok) throw new Error(String(response.status));
      await copyText(await response.text());
      setState('copied');
    } catch {
      setState('failed');
    }
    close();
  };
  const links = [{ label: 'View as Markdown', href: url }, ...assistantLinks(`${siteConfig.url}${url}`), ...(leftOut(siteConfig).includes('guides') ? [] : [{ label: 'Connect your agent', href: CONNECT_PAGE }])].map(({ label, href }) => (
    <li key={label}>
      <a className={styles.item} href={href} {...(href.startsWith('http') ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
        {label}
      </a>
    </li>
  ));
  const status = (
    <span className={styles.status} role="status">
      {state === 'copied' ? 'Copied.' : state === 'failed' ? 'Copy failed: open "View as Markdown" instead.' : ''}
    </span>
  );

  if (!enhanced) {
    return (
      <div className={styles.bar}>
        <details className={styles.menu}>
          <summary className={styles.trigger}>{TRIGGER}</summary>
          <ul className={styles.panel}>{links}</ul>
        </details>
        {status}
      </div>
    );
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) close();
  };
  return (
    <div className={styles.bar}>
      <div
        className={styles.menu}
        onKeyDown={onKeyDown}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
        }}>
        <button ref={button} type="button" className={styles.trigger} aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
          {TRIGGER}
        </button>
        <ul id={id} className={styles.panel} hidden={!open}>
          <li>
            <button type="button" className={styles.item} onClick={copy}>
              Copy page as Markdown
            </button>
          </li>
          {links}
        </ul>
      </div>
      {status}
    </div>
  );
}
