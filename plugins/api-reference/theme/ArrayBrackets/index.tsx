// Replaces the theme's brackets: it renders them as <li>, which lands inside a <div> or another <li> (invalid nesting, axe "listitem"), dimmed below AA contrast.
import React, { type ReactNode } from 'react';

const bracket = { fontSize: 'var(--ifm-code-font-size)', color: 'var(--ifm-color-emphasis-700)', marginLeft: '-.5rem' };

export function OpeningArrayBracket(): ReactNode {
  return (
    <div className="openapi-array-bracket" style={{ ...bracket, paddingBottom: '.5rem' }}>
      Array [
    </div>
  );
}

export function ClosingArrayBracket(): ReactNode {
  return (
    <div className="openapi-array-bracket" style={bracket}>
      ]
    </div>
  );
}
