/** The code block's copy button: copies the code as written (the block's text, without highlighting), in secure contexts and over plain HTTP alike (lib/ui/clipboard.ts). */
import React, { useEffect, useRef, useState, type ReactNode } from 'react';
import clsx from 'clsx';
import { translate } from '@docusaurus/Translate';
import IconCopy from '@theme/Icon/Copy';
import IconSuccess from '@theme/Icon/Success';
import { copyText } from '@site/lib/ui/clipboard';
import styles from './styles.module.css';

export default function CopyButton({ code, className }: { code: string; className?: string }): ReactNode {
  const [copied, setCopied] = useState(false);
  const timeout = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timeout.current), []);
  const copy = () => {
    copyText(code).then(
      () => {
        setCopied(true);
        window.clearTimeout(timeout.current);
        timeout.current = window.setTimeout(() => setCopied(false), 1000);
      },
      // The browser copied nothing: the label stays "Copy code to clipboard", and the error is
      // reported where a reader's browser reports errors.
      (error: unknown) => console.error(error),
    );
  };
  return (
    <button
      type="button"
      aria-label={copied ? translate({ id: 'theme.CodeBlock.copied', message: 'Copied' }) : translate({ id: 'theme.CodeBlock.copyButtonAriaLabel', message: 'Copy code to clipboard' })}
      title={translate({ id: 'theme.CodeBlock.copy', message: 'Copy' })}
      className={clsx('clean-btn', className, copied && styles.copied)}
      onClick={copy}
    >
      <span className={styles.icons} aria-hidden="true">
        <IconCopy className={styles.icon} />
        <IconSuccess className={styles.successIcon} />
      </span>
    </button>
  );
}
