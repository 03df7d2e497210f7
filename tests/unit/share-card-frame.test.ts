/**
 * Share cards draw their fixed parts once per site and only the text per card, and deflate only the
 * rows the text touches (plugins/share-cards/card.ts, renderCard). Its cards must be, pixel for
 * pixel, the card drawn whole (renderFullCard): decoded by a real decoder (resvg's), their zlib
 * stream checked by Node's (which verifies the Adler-32), for cards that take the shortcut and for
 * those that do not (a long address moves the layout; a photo as logo has too many colours).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { renderAsync } from '@resvg/resvg-js';
import { CARD_HEIGHT, CARD_WIDTH, cardsDrawnWhole, encodePng, renderCard, renderFullCard, type CardText } from '../../plugins/share-cards/card';

async function decode(png: Buffer): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}"><image width="${CARD_WIDTH}" height="${CARD_HEIGHT}" href="data:image/png;base64,${png.toString('base64')}"/></svg>`;
  const image = await renderAsync(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } });
  return image.pixels;
}

/** The PNG's rows as Node's zlib inflates them (it fails on a wrong Adler-32 or a broken stream). */
function inflatedRows(png: Buffer): Buffer {
  const idat: Buffer[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    if (png.toString('latin1', at + 4, at + 8) === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  return inflateSync(Buffer.concat(idat));
}

const site = 'Emissary Docs';
const host = 'docs.withemissary.com';
const svgLogo = `data:image/svg+xml;base64,${readFileSync('static/img/logo.svg').toString('base64')}`;
/** A 64×64 PNG of 4,096 colours: the fixed parts cannot be a palette. */
async function photoLogo(): Promise<string> {
  const pixels = Buffer.alloc(64 * 64 * 4);
  for (let i = 0; i < 64 * 64; i++) pixels.set([(i % 64) * 4, Math.floor(i / 64) * 4, (i * 7) % 256, 255], i * 4);
  return `data:image/png;base64,${(await encodePng(pixels, 64, 64)).toString('base64')}`;
}

const shortcut: CardText[] = [
  { title: 'List projects', section: 'API reference · Projects', site, address: `${host}/api/list-projects` },
  { title: 'Create Deployment on Inference Engine', section: 'API reference · Inference Engines (copy AB)', site, address: `${host}/api/create-deployment-on-inference-engine-copy-ab` },
  {
    title: 'Deploying a checkpoint behind an Inference Engine that sleeps when idle and wakes on the first request of the day, with a title too long for three lines',
    section: 'Docs · Guides',
    site,
    address: `${host}/guides/engines`,
  },
  { title: 'TrainingJobDetailCopyZ', section: 'API reference · Schemas', site, address: `${host}/api/schemas/trainingjobdetailcopyz`, logo: null },
  { title: 'Quickstart', section: 'Docs', site: 'Another Site With A Long Name', address: 'example.com/quickstart', logo: svgLogo },
];

test('cards that take the shortcut are the whole card, pixel for pixel', async () => {
  for (const text of shortcut) {
    const before = cardsDrawnWhole.count;
    const png = await renderCard(text);
    assert.equal(cardsDrawnWhole.count, before, `${text.title}: took the shortcut`);
    assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20), png[25]], [CARD_WIDTH, CARD_HEIGHT, 3], 'a 1200×630 palette PNG');
    assert.equal(inflatedRows(png).length, (CARD_WIDTH + 1) * CARD_HEIGHT);
    assert.ok(png.length < 25 * 1024, `${png.length} bytes`);
    const pixels = await decode(png);
    assert.ok(pixels.equals(await decode(await renderFullCard(text))), `${text.title}: the same pixels as the card drawn whole`);
    // The title's rows are not blank: some pixel right of the bar is neither background nor bar.
    const words = new Uint32Array(pixels.buffer, pixels.byteOffset, pixels.length / 4);
    const background = words[CARD_WIDTH * CARD_HEIGHT - 1];
    let inked = 0;
    for (let y = 200; y < 500; y++) for (let x = 100; x < CARD_WIDTH; x++) if (words[y * CARD_WIDTH + x] !== background) inked += 1;
    assert.ok(inked > 1000, `${text.title}: ${inked} text pixels in the title's area`);
  }
});

test('the shortcut renders the same bytes every time, and different cards differ', async () => {
  const [a, b] = [await renderCard(shortcut[0]), await renderCard(shortcut[0])];
  assert.ok(a.equals(b));
  assert.ok(!a.equals(await renderCard(shortcut[1])));
});

test('cards the shortcut does not fit are drawn whole, and are the same', async () => {
  const whole: CardText[] = [
    // An address wider than the text column: satori moves the whole layout, header included.
    { title: 'Retrieve deployment', section: 'API reference · Deployments', site, address: `${host}/guides/deploying-a-checkpoint-behind-an-inference-engine-that-sleeps-when-idle` },
    { title: 'List datasets', section: 'API reference · Datasets', site, address: `${host}/api/list-datasets`, logo: await photoLogo() },
  ];
  for (const text of whole) {
    const before = cardsDrawnWhole.count;
    const png = await renderCard(text);
    assert.equal(cardsDrawnWhole.count, before + 1, `${text.title}: drawn whole`);
    assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [CARD_WIDTH, CARD_HEIGHT]);
    assert.ok(png.equals(await renderFullCard(text)));
  }
});
