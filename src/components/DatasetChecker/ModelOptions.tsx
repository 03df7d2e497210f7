/** The base model whose tokenizer counts the tokens, and the epochs the total is multiplied by. Loaded with the checker, not with the page. */
import React, { type ReactNode } from 'react';
import { MODELS } from '../../../lib/dataset-check/models';
import { actions, update, useCounting } from './store';
import styles from './tokens.module.css';

export default function ModelOptions(): ReactNode {
  const { model, epochs } = useCounting();
  return (
    <>
      <label>
        Base model{' '}
        <select value={model} onChange={(event) => actions.recount(event.target.value)}>
          {MODELS.map((m) => (
            <option key={m.name} value={m.name}>
              {m.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        Epochs{' '}
        <input
          className={styles.epochs}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={epochs}
          onChange={(event) => update({ epochs: Math.max(1, Math.round(Number(event.target.value)) || 1) })}
        />
      </label>
    </>
  );
}
