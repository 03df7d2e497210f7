/** The base models table of /fine-tuning/parameters, from docs/_scripts/data/base-models.json (the one catalogue; the twin's table: baseModelsToMarkdown). */
import React, { type ReactNode } from 'react';
import { MODELS, windowText } from '@site/lib/dataset-check/models';

export default function BaseModels(): ReactNode {
  return (
    <table>
      <thead>
        <tr>
          <th>Model</th>
          <th>Kind</th>
          <th>Context window (tokens)</th>
        </tr>
      </thead>
      <tbody>
        {MODELS.map((m) => (
          <tr key={m.name}>
            <td>
              <code>{m.name}</code>
            </td>
            <td>{m.kind}</td>
            <td>{m.source ? <a href={m.source}>{windowText(m)}</a> : windowText(m)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
