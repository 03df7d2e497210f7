/**
 * One Lighthouse 12 run against a URL in a fresh Chromium (new temporary profile each time, so
 * every run is a first visit with empty caches and storage).
 */

export type FormFactor = 'desktop' | 'mobile';

export const CHROME_PATH = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** One network request of the page load, as Lighthouse's `network-requests` audit records it. */
export interface NetworkRecord {
  url: string;
  resourceType: string;
  mimeType: string;
  /** Bytes on the wire: headers plus the (gzip) body. */
  transferSize: number;
  /** Decoded body size. */
  resourceSize: number;
  priority: string;
  statusCode: number;
}

export interface FailedAudit {
  title: string;
  /** How many elements fail it. */
  count: number;
  /** CSS selectors of up to five of them. */
  nodes: string[];
}

export interface LighthouseRun {
  formFactor: FormFactor;
  scores: { performance: number | null; accessibility?: number | null; bestPractices?: number | null; seo?: number | null };
  metrics: { fcp: number; lcp: number; tbt: number; si: number; cls: number };
  /** Audits of the non-performance categories that did not pass, to explain a score under 1. */
  failedAudits: Record<string, FailedAudit>;
  /** Lighthouse's CPU benchmark for this machine at run time: lower means a busier or slower machine. */
  benchmarkIndex: number;
  records: NetworkRecord[];
}

function num(x: unknown): number {
  return typeof x === 'number' ? x : Number.NaN;
}

export async function runLighthouse(url: string, formFactor: FormFactor): Promise<LighthouseRun> {
  process.env.CHROME_PATH = CHROME_PATH;
  const { default: lighthouse, desktopConfig } = await import('lighthouse');
  const { launch } = await import('chrome-launcher');
  const chrome = await launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const onlyCategories = formFactor === 'desktop' ? ['performance', 'accessibility', 'best-practices', 'seo'] : ['performance'];
    const result = await lighthouse(
      url,
      { port: chrome.port, logLevel: 'error', output: 'json', onlyCategories },
      formFactor === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`Lighthouse ${formFactor} ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const score = (id: string) => lhr.categories[id]?.score ?? null;
    const audit = (id: string) => num(lhr.audits[id]?.numericValue);
    const failedAudits: Record<string, FailedAudit> = {};
    for (const id of ['accessibility', 'best-practices', 'seo']) {
      for (const ref of lhr.categories[id]?.auditRefs ?? []) {
        const a = lhr.audits[ref.id];
        if (!(ref.weight > 0 && a && a.score !== null && a.score < 1)) continue;
        const items = ((a.details as { items?: Array<{ node?: { selector?: string; snippet?: string } }> } | undefined)?.items ?? []);
        const selectors = items.map((item) => item.node?.selector).filter((x): x is string => Boolean(x));
        failedAudits[ref.id] = { title: a.title, count: items.length, nodes: [...new Set(selectors)].slice(0, 5) };
      }
    }
    const details = lhr.audits['network-requests']?.details as { items?: Array<Record<string, unknown>> } | undefined;
    const records: NetworkRecord[] = (details?.items ?? []).map((r) => ({
      url: String(r.url),
      resourceType: String(r.resourceType ?? ''),
      mimeType: String(r.mimeType ?? ''),
      transferSize: num(r.transferSize) || 0,
      resourceSize: num(r.resourceSize) || 0,
      priority: String(r.priority ?? ''),
      statusCode: num(r.statusCode),
    }));
    return {
      formFactor,
      scores: {
        performance: score('performance'),
        ...(formFactor === 'desktop'
          ? { accessibility: score('accessibility'), bestPractices: score('best-practices'), seo: score('seo') }
          : {}),
      },
      metrics: {
        fcp: audit('first-contentful-paint'),
        lcp: audit('largest-contentful-paint'),
        tbt: audit('total-blocking-time'),
        si: audit('speed-index'),
        cls: audit('cumulative-layout-shift'),
      },
      failedAudits,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      records,
    };
  } finally {
    chrome.kill();
  }
}
