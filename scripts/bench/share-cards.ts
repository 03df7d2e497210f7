/**
 * The share cards' cost per card: renders `BENCH_CARDS` (default 300) cards of realistic text (the
 * API's operation summaries and tags, copied as a ×32 document copies them, schema names, guide
 * titles, a few long ones) one after another in this process, and prints CPU ms and bytes per card.
 *
 *   npx tsx scripts/bench/share-cards.ts [card.ts]
 *
 * `card.ts` is the renderer to measure (default plugins/share-cards/card.ts); for another commit's,
 * `git show <commit>:plugins/share-cards/card.ts > .bench/card-before.ts` and pass that (inside the
 * checkout, so that it finds the fonts). CPU is user + system of the whole process, libuv's threads
 * (resvg, deflate) included; the first 10 cards warm up and are not counted.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'yaml';
import type { CardText } from '../../plugins/share-cards/card';
import { copyLetter } from './multiply-spec';

type Operation = { summary?: string; operationId?: string; tags?: string[] };
type Doc = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, unknown> } };

/** The guide pages: their titles and routes, as the docs folder has them. */
function docPages(): { title: string; route: string }[] {
  return readdirSync('docs', { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.mdx?$/.test(file) && !file.split(path.sep).some((part) => part.startsWith('_')))
    .sort()
    .map((file) => ({
      title: /^title: (.*)$/m.exec(readFileSync(path.join('docs', file), 'utf8'))?.[1] ?? path.basename(file),
      route: `/${file.replace(/\.mdx?$/, '').replace(/(^|\/)index$/, '')}`,
    }));
}

/**
 * Cards as a ×32 build has them: every operation and schema of each copy of the document (routes
 * and sections as ./multiply-spec.ts names them), and the guide pages, with a few long titles.
 */
export function benchCards(count: number): CardText[] {
  const doc = parse(readFileSync('openapi/emissary.yaml', 'utf8')) as Doc;
  const operations = Object.values(doc.paths).flatMap((item) => Object.values(item).filter((op): op is Operation => Boolean(op && typeof op === 'object' && op.summary && op.operationId)));
  const schemas = Object.keys(doc.components?.schemas ?? {});
  const guides = [
    ...docPages(),
    { title: 'Preparing a dataset for supervised fine-tuning with chat-formatted JSONL files and validation splits', route: '/guides/datasets' },
    { title: 'Deploying a checkpoint behind an Inference Engine that sleeps when idle and wakes on the first request of the day', route: '/guides/engines' },
  ];
  const site = 'Emissary Docs';
  const host = 'docs.withemissary.com';
  const kebab = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  const cards: CardText[] = [];
  for (let copy = 0; cards.length < count; copy++) {
    const letter = copy === 0 ? '' : copyLetter(copy);
    for (const op of operations) {
      cards.push({ title: op.summary!, section: `API reference · ${op.tags?.[0] ?? 'Other'}${letter && ` (copy ${letter})`}`, site, address: `${host}/api/${kebab(`${op.operationId}${letter && `Copy${letter}`}`)}` });
    }
    for (const name of schemas) cards.push({ title: `${name}${letter && `Copy${letter}`}`, section: 'API reference · Schemas', site, address: `${host}/api/schemas/${`${name}${letter && `Copy${letter}`}`.toLowerCase()}` });
    if (copy === 0) for (const { title, route } of guides) cards.push({ title, section: 'Docs', site, address: `${host}${route}` });
  }
  return cards.slice(0, count);
}

async function main() {
  const file = path.resolve(process.argv[2] ?? 'plugins/share-cards/card.ts');
  const { renderCard } = (await import(pathToFileURL(file).href)) as typeof import('../../plugins/share-cards/card');
  const count = Number(process.env.BENCH_CARDS ?? 300);
  const cards = benchCards(count + 10);
  for (const card of cards.slice(0, 10)) await renderCard(card);
  const cpu = process.cpuUsage();
  const started = performance.now();
  let bytes = 0;
  for (const card of cards.slice(10)) bytes += (await renderCard(card)).length;
  const used = process.cpuUsage(cpu);
  const ms = (performance.now() - started) / count;
  console.log(
    `${path.relative(process.cwd(), file)}: ${count} cards, ${((used.user + used.system) / 1000 / count).toFixed(1)} CPU ms a card ` +
      `(user ${(used.user / 1000 / count).toFixed(1)}, system ${(used.system / 1000 / count).toFixed(1)}), ${ms.toFixed(1)} ms wall, ${(bytes / count / 1024).toFixed(1)} KB a card`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
