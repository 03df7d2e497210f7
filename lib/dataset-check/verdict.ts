/** The checker's one-sentence verdict, shared by the page's results and the docs MCP server (mcp/tools.ts). */
import type { Report } from './check';

export const number = (n: number) => n.toLocaleString('en');
export const plural = (n: number, word: string) => `${number(n)} ${word}${n === 1 ? '' : 's'}`;

export function verdict(report: Report): string {
  if (!report.errors && !report.warnings) return `No problems found in ${plural(report.summary.rows, 'row')}.`;
  const found = [report.errors && plural(report.errors, 'error'), report.warnings && plural(report.warnings, 'warning')].filter(Boolean).join(' and ');
  return `${found} in ${plural(report.summary.rows, 'row')}${report.errors ? ': fix the errors before you upload.' : '.'}`;
}
