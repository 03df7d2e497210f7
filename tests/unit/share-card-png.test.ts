/**
 * Share cards are PNGs of our own encoding (plugins/share-cards/card.ts, encodePng): a real decoder
 * (resvg's, through an SVG <image>) reads back every pixel, and every kind of card decodes at
 * 1200×630 with its bar, background and title drawn.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { renderAsync } from '@resvg/resvg-js';
import { CARD_HEIGHT, CARD_WIDTH, encodePng, renderCard, type CardText } from '../../plugins/share-cards/card';

/** The pixels resvg decodes from a PNG, drawn at its own size. */
async function decode(png: Buffer, width: number, height: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><image width="${width}" height="${height}" href="data:image/png;base64,${png.toString('base64')}"/></svg>`;
  const image = await renderAsync(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } });
  assert.deepEqual([image.width, image.height], [width, height]);
  return image.pixels;
}

test('encodePng writes every pixel so that a PNG decoder reads it back', async () => {
  const [width, height] = [37, 23];
  const pixels = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) pixels.set([(i * 7) % 256, (i * 13) % 256, Math.floor(i / 256) * 40, 255], i * 4);
  const png = await encodePng(pixels, width, height);
  assert.deepEqual(png.subarray(0, 8), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  assert.equal(png[25], 6, 'more than 256 colours: RGBA');
  assert.deepEqual(await decode(png, width, height), pixels);
  await assert.rejects(encodePng(pixels, width + 1, height), /not 38×23 RGBA pixels/);
});

test('an image of at most 256 colours gets a palette, and every pixel reads back', async () => {
  const [width, height] = [41, 19];
  const pixels = Buffer.alloc(width * height * 4);
  // Runs of one colour, as on a card, and exactly 256 colours in all.
  for (let i = 0; i < width * height; i++) {
    const c = Math.floor(i / 3) % 256;
    pixels.set([c, 255 - c, (c * 5) % 256, 255], i * 4);
  }
  const png = await encodePng(pixels, width, height);
  assert.equal(png[25], 3, 'palette');
  assert.equal(png.toString('latin1', 37, 41), 'PLTE');
  assert.equal(png.readUInt32BE(33), 256 * 3);
  assert.deepEqual(await decode(png, width, height), pixels);
  // One colour more, and it is RGBA again.
  pixels.set([1, 2, 3, 255], 0);
  assert.equal((await encodePng(pixels, width, height))[25], 6);
});

const site = 'Emissary Docs';
const host = 'docs.withemissary.com';
const svgLogo = `data:image/svg+xml;base64,${readFileSync('static/img/logo.svg').toString('base64')}`;
/** A 64×64 PNG of 4,096 colours: with it, a card has more than a palette holds. */
async function photoLogo(): Promise<string> {
  const pixels = Buffer.alloc(64 * 64 * 4);
  for (let i = 0; i < 64 * 64; i++) pixels.set([(i % 64) * 4, Math.floor(i / 64) * 4, (i * 7) % 256, 255], i * 4);
  return `data:image/png;base64,${(await encodePng(pixels, 64, 64)).toString('base64')}`;
}

const cards: CardText[] = [
  { title: 'Create training job', section: 'API reference · Training Jobs', site, address: `${host}/api/create-training-job` },
  { title: 'Create Deployment on Inference Engine', section: 'API reference · Inference Engines (copy AB)', site, address: `${host}/api/create-deployment-on-inference-engine-copy-ab` },
  {
    title: 'Deploying a checkpoint behind an Inference Engine that sleeps when idle and wakes on the first request of the day, with a title too long for three lines',
    section: 'Docs · Guides',
    site,
    address: `${host}/guides/engines`,
  },
  // An address wider than the text column: satori moves the whole layout.
  { title: 'Retrieve deployment', section: 'API reference · Deployments', site, address: `${host}/guides/deploying-a-checkpoint-behind-an-inference-engine-that-sleeps-when-idle` },
  { title: 'TrainingJobDetailCopyZ', section: 'API reference · Schemas', site, address: `${host}/api/schemas/trainingjobdetailcopyz`, logo: null },
  { title: 'Quickstart', section: 'Docs', site: 'Another Site With A Long Name', address: 'example.com/quickstart', logo: svgLogo },
];

test('every kind of card is a 1200×630 PNG that decodes, with the bar, the background and its title drawn', async () => {
  for (const text of [...cards, { ...cards[0], logo: await photoLogo() }]) {
    const png = await renderCard(text);
    assert.equal(png.toString('latin1', 12, 16), 'IHDR');
    assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [CARD_WIDTH, CARD_HEIGHT]);
    // A palette (and under 25 KB) unless the logo brings more than 256 colours.
    if (text.logo?.startsWith('data:image/png')) assert.equal(png[25], 6, 'RGBA');
    else assert.ok(png[25] === 3 && png.length < 25 * 1024, `${text.title}: a palette PNG of ${png.length} bytes`);
    const pixels = await decode(png, CARD_WIDTH, CARD_HEIGHT);
    // The accent bar on the left, in the site's accent colour (#4fd1a5), and the dark background.
    assert.deepEqual([...pixels.subarray(0, 4)], [0x4f, 0xd1, 0xa5, 255]);
    const bg = (CARD_WIDTH * 600 + 1100) * 4;
    assert.deepEqual([...pixels.subarray(bg, bg + 4)], [0x14, 0x4e, 0x32, 255]);
    // The title is drawn: the card without it differs in more than a thousand pixels.
    const untitled = await decode(await renderCard({ ...text, title: '' }), CARD_WIDTH, CARD_HEIGHT);
    let differ = 0;
    for (let i = 0; i < pixels.length; i += 4) if (pixels.readUInt32LE(i) !== untitled.readUInt32LE(i)) differ += 1;
    assert.ok(differ > 1000, `${text.title}: ${differ} pixels of title`);
  }
});

test('a card renders the same bytes every time, and different cards differ', async () => {
  const [a, b] = [await renderCard(cards[0]), await renderCard(cards[0])];
  assert.ok(a.equals(b));
  assert.ok(!a.equals(await renderCard(cards[1])));
});
