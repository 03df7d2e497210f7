import React, { useEffect, useState, type ReactNode } from 'react';
import CodeBlock from '@theme/CodeBlock';
import type { CodeSample } from '../../../../lib/openapi/samples';
import styles from './styles.module.css';

const STORAGE_KEY = 'emissary.sampleLanguage';

function readChoice(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null; // Storage blocked (iframes, strict privacy): keep the default for this visit.
  }
}

function saveChoice(id: string): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, id);
  } catch {
    // Storage blocked: the choice still holds on this page.
  }
}

/**
 * Language tabs built from radio buttons: every sample is in the HTML and switching works
 * without JavaScript; JavaScript only remembers the reader's language across pages.
 */
export default function CodeSamples({ samples }: { samples: CodeSample[] }): ReactNode {
  const [selected, setSelected] = useState(samples[0]?.id);
  useEffect(() => {
    const saved = readChoice();
    if (saved && samples.some((s) => s.id === saved)) setSelected(saved);
  }, [samples]);

  return (
    <section className={styles.samples} aria-labelledby="code-samples-heading">
      <h2 id="code-samples-heading" className={styles.heading}>
        Request samples
      </h2>
      <div className={styles.tabs} role="radiogroup" aria-label="Code sample language">
        {samples.map((s) => (
          <React.Fragment key={s.id}>
            <input
              className={styles.radio}
              type="radio"
              name="code-sample-language"
              id={`code-sample-${s.id}`}
              value={s.id}
              checked={selected === s.id}
              onChange={() => {
                setSelected(s.id);
                saveChoice(s.id);
              }}
            />
            <label className={styles.tab} htmlFor={`code-sample-${s.id}`} data-language={s.id}>
              {s.label}
            </label>
          </React.Fragment>
        ))}
        <div className={styles.panels}>
          {samples.map((s) => (
            <div key={s.id} className={styles.panel} data-language={s.id}>
              <CodeBlock language={s.highlight} title={s.label}>
                {s.code}
              </CodeBlock>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
