// pa11y ships no type declarations: the part of its API tests/e2e/pa11y.spec.ts uses.
declare module 'pa11y' {
  interface Pa11yIssue {
    code: string;
    message: string;
    selector: string;
    context?: string;
    type: 'error' | 'warning' | 'notice';
  }
  interface Pa11yOptions {
    standard?: 'WCAG2A' | 'WCAG2AA' | 'WCAG2AAA';
    runners?: string[];
    includeWarnings?: boolean;
    includeNotices?: boolean;
    timeout?: number;
    viewport?: { width: number; height: number };
    /** pa11y's action strings, e.g. 'wait for element <selector> to be added'. */
    actions?: string[];
    chromeLaunchConfig?: { executablePath?: string; args?: string[] };
    /** A browser launched by the caller (Puppeteer's): pa11y opens a page in it and leaves it open. */
    browser?: import('puppeteer').Browser;
  }
  export default function pa11y(url: string, options?: Pa11yOptions): Promise<{ issues: Pa11yIssue[] }>;
}
