// Replaces the OpenAPI theme's in-browser Markdown (react-markdown, ~90 KB gzip): descriptions arrive as HTML rendered at build time (../../descriptions.ts).
import React, { type ReactNode } from 'react';
import { qualifierHtml } from './qualifier';

export default function Markdown({ children }: { children?: string }): ReactNode {
  if (typeof children !== 'string' || children === '') return null;
  // Every description starts with its first HTML tag; anything else is the theme's qualifier line.
  const html = children.startsWith('<') ? children : qualifierHtml(children);
  return <div dangerouslySetInnerHTML={{ __html: html }} />;
}
