/**
 * One share card: a 1200×630 PNG with the page's section and title in the site's colours.
 * satori lays the text out into SVG paths (Inter from @fontsource/inter, SIL OFL 1.1), resvg
 * rasterises it: no browser, no network. The fixed parts (background, accent bar, logo, site name)
 * are drawn and deflated once per site; a card lays out and draws only its text, on canvases just
 * large enough for it, and deflates only the rows it touches (renderCard). Its pixels are those of
 * the card drawn whole (renderFullCard), which is also the way for cards the shortcut does not fit.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { constants as zlibConstants, crc32, deflate, deflateRaw, deflateRawSync } from 'node:zlib';
import { renderAsync } from '@resvg/resvg-js';
import type { ReactNode } from 'react';
import satori from 'satori';

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

const require = createRequire(import.meta.url);
const font = (weight: 400 | 700) => readFileSync(require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`));
const FONTS = [
  { name: 'Inter', data: font(400), weight: 400 as const, style: 'normal' as const },
  { name: 'Inter', data: font(700), weight: 700 as const, style: 'normal' as const },
];

/** src/css/custom.css: the light primary's darkest shade, the dark mode's primary and its lightest shade. */
const COLOURS = { background: '#144e32', accent: '#4fd1a5', soft: '#9be5cb', text: '#ffffff' };

/** static/img/logo-dark.svg: the plane on a light square, legible on the dark card. */
const LOGO = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect x="1" y="1" width="30" height="30" rx="7" fill="#7fd9a8"/>' +
    '<path d="M6.5 15.2 L25.5 7 L20 25 L15.2 18.6 Z" fill="#0b2a1c"/><path d="M15.2 18.6 L25.5 7 L16.6 23.6 Z" fill="#1f6f4a"/></svg>',
).toString('base64')}`;

export interface CardText {
  title: string;
  section: string;
  /** The site's name, shown next to the logo. */
  site: string;
  /** The page's address without the scheme, shown at the bottom. */
  address: string;
  /** The site's logo as a data URL; null for none; left out, Emissary's. */
  logo?: string | null;
}

const ACCENT_WIDTH = 24;
const TEXT_WIDTH = CARD_WIDTH - ACCENT_WIDTH - 2 * 80;

type Style = Record<string, string | number>;
const box = (style: Style, children: ReactNode | ReactNode[] | string, type = 'div'): ReactNode =>
  ({ type, props: { style: { display: 'flex', ...style }, children } }) as unknown as ReactNode;

/** Long titles get a smaller size, so that up to three lines fit. */
const titleSize = (title: string) => (title.length <= 28 ? 76 : title.length <= 60 ? 64 : 52);
/** Three lines of the smallest size hold about 100 characters (clipping in the layout would cost a mask per card). */
const clip = (title: string) => (title.length <= 100 ? title : `${title.slice(0, 99).replace(/\s+\S*$/, '')}…`);

/**
 * The card's layout. `header` replaces the logo and site name with an empty box of that height: the
 * other boxes land where they would with them, and nothing of the fixed parts is drawn.
 */
function cardTree({ title, section, site, logo: given }: CardText, address: string, header?: number): ReactNode {
  const src = given === undefined ? LOGO : given;
  const logo = src ? [{ type: 'img', props: { src, width: 64, height: 64 } } as unknown as ReactNode] : [];
  const inner = box({ flexGrow: 1, flexDirection: 'column', justifyContent: 'space-between', padding: '64px 80px' }, [
    header === undefined ? box({ alignItems: 'center', gap: 24, fontSize: 36, fontWeight: 700 }, [...logo, box({}, site)]) : box({ height: header }, []),
    box({ flexDirection: 'column', gap: 20, width: TEXT_WIDTH }, [
      box({ fontSize: 30, fontWeight: 700, color: COLOURS.accent, textTransform: 'uppercase', letterSpacing: 2 }, section),
      box({ fontSize: titleSize(title), fontWeight: 700, lineHeight: 1.15 }, clip(title)),
    ]),
    box({ fontSize: 28, color: COLOURS.soft }, address),
  ]);
  return box({ width: CARD_WIDTH, height: CARD_HEIGHT, background: COLOURS.background, color: COLOURS.text, fontFamily: 'Inter' }, [
    box({ width: ACCENT_WIDTH, height: CARD_HEIGHT, background: COLOURS.accent }, []),
    inner,
  ]);
}

const layout = (tree: ReactNode) => satori(tree, { width: CARD_WIDTH, height: CARD_HEIGHT, fonts: FONTS });
// The text is already paths (satori): no system fonts to scan, which would cost more than the drawing.
// renderAsync parses and draws on libuv's thread pool, so the next cards' layout goes on meanwhile.
const draw = (svg: string) => renderAsync(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } });

/** The whole card drawn at once: what renderCard's output equals pixel for pixel, and its way when a card does not fit the shortcut. */
export async function renderFullCard(text: CardText): Promise<Buffer> {
  const image = await draw(await layout(cardTree(text, text.address)));
  return encodePng(image.pixels, image.width, image.height);
}

/** satori's box of the header row (the inner column's first child), as it writes it in an unused mask. */
const HEADER_BOX = /<mask id="satori_om-id-1-0"><rect x="[^"]*" y="[^"]*" width="[^"]*" height="([^"]*)"[^>]*>/;

/**
 * The fixed parts of the cards of one site and logo, drawn once: the background, the accent bar, the
 * logo and the site name, as palette rows (filter bytes included) ready to take a card's text.
 */
interface Frame {
  /** satori's box of the header row: where the placeholder that stands in for it must land. */
  header: string;
  /** Its height, the placeholder's. */
  headerHeight: number;
  /** Palette rows from `flatTop` down are all this one: the bar and the background. */
  plain: Buffer;
  /** The rows above `flatTop` (logo, site name), deflated once. */
  head: Segment;
  /** Runs of plain rows, deflated once per length. */
  plainRuns: Map<number, Segment>;
  /** The fixed parts' colours, RGBA words, and their palette indexes (0, 1, … in order). */
  index: Map<number, number>;
  /** Below this row and right of the bar, the fixed parts are background only. */
  flatTop: number;
}

const frames = new Map<string, Promise<Frame | null>>();

/** Null when the fixed parts have more than 256 colours (a photo as logo, say), or reach below their flat top: such cards are drawn whole. */
async function drawFrame(text: CardText): Promise<Frame | null> {
  const svg = await layout(cardTree({ ...text, title: '', section: '' }, ''));
  const header = svg.match(HEADER_BOX);
  if (!header) throw new Error('share-cards: satori no longer writes the header row\'s box; card.ts needs its layout read another way');
  const image = await draw(svg);
  const words = pixelWords(image.pixels);
  const background = words[CARD_WIDTH * (CARD_HEIGHT - 1) + CARD_WIDTH - 1];
  let flatTop = 0;
  for (let y = 0; y < CARD_HEIGHT; y++) {
    for (let x = ACCENT_WIDTH; x < CARD_WIDTH; x++) {
      if (words[y * CARD_WIDTH + x] !== background) {
        flatTop = y + 1;
        break;
      }
    }
  }
  const indexed = paletteRows(words, CARD_WIDTH, CARD_HEIGHT);
  if (!indexed) return null;
  const plain = Buffer.from(indexed.rows.subarray((CARD_HEIGHT - 1) * ROW, CARD_HEIGHT * ROW));
  for (let y = flatTop; y < CARD_HEIGHT; y++) if (!plain.equals(indexed.rows.subarray(y * ROW, (y + 1) * ROW))) return null;
  const head = segment(indexed.rows.subarray(0, flatTop * ROW));
  return { header: header[0], headerHeight: Number(header[1]), plain, head, plainRuns: new Map(), index: new Map(indexed.palette.map((word, i) => [word, i])), flatTop };
}

function frameFor(text: CardText): Promise<Frame | null> {
  // The logo as drawn: left out is Emissary's, null none.
  const key = JSON.stringify([text.site, text.logo === undefined ? LOGO : text.logo]);
  let frame = frames.get(key);
  if (!frame) frames.set(key, (frame = drawFrame(text)));
  return frame;
}

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * The pixels a path's data (svg[start, end)) can touch: the bounds of its numbers, one pixel of
 * anti-aliasing around them. satori writes absolute commands (M, L, Q, C, Z) with plain decimals,
 * so the numbers alternate x and y and their bounds hold the curves; null for anything else.
 */
function pathBox(svg: string, start: number, end: number): Box | null {
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  let isX = true;
  for (let i = start; i < end; ) {
    let c = svg.charCodeAt(i);
    if (c === 77 || c === 76 || c === 81 || c === 67 || c === 90 || c === 32) {
      i++; // M L Q C Z, space
      continue;
    }
    const negative = c === 45; // -
    if (negative) c = svg.charCodeAt(++i);
    let value = 0;
    let digits = 0;
    for (; c >= 48 && c <= 57; c = svg.charCodeAt(++i), digits++) value = value * 10 + c - 48;
    if (c === 46) {
      // .
      let scale = 1;
      for (c = svg.charCodeAt(++i); c >= 48 && c <= 57; c = svg.charCodeAt(++i), digits++) value += (c - 48) * (scale /= 10);
    }
    if (!digits || i > end) return null;
    if (negative) value = -value;
    if (isX) {
      if (value < minX) minX = value;
      if (value > maxX) maxX = value;
    } else {
      if (value < minY) minY = value;
      if (value > maxY) maxY = value;
    }
    isX = !isX;
  }
  if (!isX || minX > maxX) return null;
  return { left: Math.floor(minX) - 1, top: Math.floor(minY) - 1, right: Math.ceil(maxX) + 1, bottom: Math.ceil(maxY) + 1 };
}

const SVG_OPEN = /^<svg [^>]*>/;
/** satori's background rectangles: the card's and the accent bar's. */
const BACKGROUNDS = [
  `<rect x="0" y="0" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="${COLOURS.background}"/>`,
  `<rect x="0" y="0" width="${ACCENT_WIDTH}" height="${CARD_HEIGHT}" fill="${COLOURS.accent}"/>`,
];

/**
 * The text of satori's SVG of a card without its fixed parts: each path (a text box's glyphs) with
 * the pixels it can touch; null when the SVG holds anything but those, the two backgrounds and
 * unused masks (the boxes' outlines), which is what the shortcut relies on.
 */
function textPaths(svg: string): { path: string; box: Box }[] | null {
  const open = svg.match(SVG_OPEN);
  if (!open) return null;
  const paths: { path: string; box: Box }[] = [];
  let backgrounds = 0;
  for (let i = open[0].length; ; ) {
    if (svg.startsWith('</svg>', i)) return backgrounds === BACKGROUNDS.length && i + 6 === svg.length ? paths : null;
    if (svg.startsWith('<mask ', i)) {
      const end = svg.indexOf('</mask>', i);
      if (end === -1 || svg.lastIndexOf('<', end - 1) !== svg.indexOf('<rect', i) || !svg.startsWith('/>', end - 2)) return null;
      i = end + 7;
    } else if (svg.startsWith(BACKGROUNDS[backgrounds] ?? '\0', i)) {
      i += BACKGROUNDS[backgrounds++].length;
    } else if (svg.startsWith('<g><path fill="#', i)) {
      const d = svg.indexOf('" d="', i);
      const end = svg.indexOf('"/></g>', d + 5);
      if (d === -1 || end === -1 || d > i + 24) return null;
      const box = pathBox(svg, d + 5, end);
      if (!box) return null;
      paths.push({ path: svg.slice(i, end + 7), box });
      i = end + 7;
    } else return null;
  }
}

/** Paths drawn together: those whose pixels overlap share a canvas, as they share pixels on the card. */
function groups(paths: { path: string; box: Box }[]): { paths: string[]; box: Box }[] {
  const out: { paths: string[]; box: Box }[] = [];
  for (const { path, box } of paths) {
    const group = { paths: [path], box: { ...box } };
    // Merge every earlier group it overlaps (and, transitively, what the merged box then overlaps).
    for (let merged = true; merged; ) {
      merged = false;
      for (let g = 0; g < out.length; g++) {
        const o = out[g].box;
        if (o.left < group.box.right && group.box.left < o.right && o.top < group.box.bottom && group.box.top < o.bottom) {
          group.paths.unshift(...out[g].paths);
          group.box = { left: Math.min(o.left, group.box.left), top: Math.min(o.top, group.box.top), right: Math.max(o.right, group.box.right), bottom: Math.max(o.bottom, group.box.bottom) };
          out.splice(g, 1);
          merged = true;
          break;
        }
      }
    }
    out.push(group);
  }
  return out;
}

/** How many cards this thread has drawn whole (renderFullCard) because the shortcut did not fit them. */
export const cardsDrawnWhole = { count: 0 };

function wholeCard(text: CardText): Promise<Buffer> {
  cardsDrawnWhole.count += 1;
  return renderFullCard(text);
}

/**
 * A card: the fixed parts come from the site's frame (drawn once); only the text is laid out, and
 * each text box's glyphs drawn over the background on a canvas just large enough for them, then
 * written into a copy of the frame's palette rows. The pixels are those of renderFullCard: each
 * canvas is the full card moved by whole pixels, and outside them the full card shows the fixed
 * parts only. A card whose text reaches the fixed parts, whose layout moved, whose SVG holds more
 * than text, or that needs more than 256 colours is drawn whole instead.
 */
export async function renderCard(text: CardText): Promise<Buffer> {
  const frame = await frameFor(text);
  if (!frame) return wholeCard(text);
  const svg = await layout(cardTree(text, text.address, frame.headerHeight));
  const paths = svg.match(HEADER_BOX)?.[0] === frame.header ? textPaths(svg) : null;
  if (!paths) return wholeCard(text);
  const canvases = [];
  for (const { paths: group, box } of groups(paths)) {
    const [left, top, right, bottom] = [box.left, box.top, Math.min(box.right, CARD_WIDTH), Math.min(box.bottom, CARD_HEIGHT)];
    if (left < ACCENT_WIDTH || top < frame.flatTop) return wholeCard(text);
    const [width, height] = [right - left, bottom - top];
    if (width <= 0 || height <= 0) continue;
    const canvas = `<svg width="${width}" height="${height}" viewBox="${left} ${top} ${width} ${height}" xmlns="http://www.w3.org/2000/svg">${BACKGROUNDS[0]}${group.join('')}</svg>`;
    canvases.push(draw(canvas).then((image) => ({ image, left, top })));
  }
  const drawn = (await Promise.all(canvases)).sort((a, b) => a.top - b.top);
  // The rows the text touches, in bands of consecutive rows; every other row is the frame's.
  const bands: { top: number; bottom: number; rows: Buffer }[] = [];
  for (const { image, top } of drawn) {
    const last = bands.at(-1);
    if (last && top <= last.bottom) last.bottom = Math.max(last.bottom, top + image.height);
    else bands.push({ top, bottom: top + image.height, rows: Buffer.alloc(0) });
  }
  const index = new Map(frame.index);
  for (const band of bands) band.rows = Buffer.alloc((band.bottom - band.top) * ROW, frame.plain);
  for (const { image, left, top } of drawn) {
    const band = bands.find((b) => b.top <= top && top < b.bottom)!;
    if (!indexRegion(pixelWords(image.pixels), image.width, image.height, band.rows, left, top - band.top, index)) return wholeCard(text);
  }
  const deflated = await Promise.all(bands.map(async (band) => ({ ...band, segment: await segmentAsync(band.rows) })));
  const segments = [frame.head];
  let y = frame.flatTop;
  for (const band of deflated) {
    if (band.top > y) segments.push(plainRun(frame, band.top - y));
    segments.push(band.segment);
    y = band.bottom;
  }
  if (y < CARD_HEIGHT) segments.push(plainRun(frame, CARD_HEIGHT - y));
  return pngFromSegments(segments, paletteChunks([...index.keys()]));
}

/** Bytes per palette row: its filter byte and an index per pixel. */
const ROW = CARD_WIDTH + 1;

/**
 * Part of a card's palette rows deflated on its own: raw deflate blocks ending on a byte boundary
 * (zlib's sync flush) and none of them the last, so that segments put one after the other make one
 * stream; with the Adler-32 and length of what it holds, for the stream's trailer.
 */
interface Segment {
  data: Buffer;
  adler: number;
  length: number;
}

const deflateRawAsync = promisify(deflateRaw);
const SEGMENT_OPTIONS = { finishFlush: zlibConstants.Z_SYNC_FLUSH, chunkSize: 256 * 1024 };
const segment = (rows: Buffer): Segment => ({ data: deflateRawSync(rows, SEGMENT_OPTIONS), adler: adler32(rows), length: rows.length });
const segmentAsync = async (rows: Buffer): Promise<Segment> => ({ data: await deflateRawAsync(rows, SEGMENT_OPTIONS), adler: adler32(rows), length: rows.length });

/** `count` plain rows, deflated the first time a card needs that many (a few lengths recur: the gaps between the text boxes). */
function plainRun(frame: Frame, count: number): Segment {
  let run = frame.plainRuns.get(count);
  if (!run) frame.plainRuns.set(count, (run = segment(Buffer.alloc(count * ROW, frame.plain))));
  return run;
}

const ADLER_BASE = 65521;

function adler32(bytes: Buffer): number {
  let [a, b] = [1, 0];
  for (let i = 0; i < bytes.length; ) {
    // 5552 bytes at most between reductions keep b below 2^32 (zlib's NMAX).
    for (const end = Math.min(i + 5552, bytes.length); i < end; i++) b += a += bytes[i];
    a %= ADLER_BASE;
    b %= ADLER_BASE;
  }
  return (b * 65536 + a) >>> 0;
}

/** zlib's adler32_combine: the Adler-32 of two byte strings one after the other, from theirs and the second's length. */
function adlerCombine(first: number, second: number, secondLength: number): number {
  const rem = secondLength % ADLER_BASE;
  const a1 = first & 0xffff;
  const b1 = first >>> 16;
  const a = (a1 + (second & 0xffff) + ADLER_BASE - 1) % ADLER_BASE;
  const b = ((rem * a1) % ADLER_BASE + b1 + (second >>> 16) + ADLER_BASE - rem) % ADLER_BASE;
  return (b * 65536 + a) >>> 0;
}

/** A 1200×630 palette PNG whose zlib stream is the segments, then an empty last block, then their Adler-32. */
function pngFromSegments(segments: Segment[], palette: Buffer[]): Buffer {
  const adler = segments.slice(1).reduce((sum, s) => adlerCombine(sum, s.adler, s.length), segments[0].adler);
  const trailer = Buffer.alloc(6);
  trailer[0] = 0x03; // a last, empty block of fixed codes: BFINAL 1, BTYPE 01, end of block (7 zero bits)
  trailer.writeUInt32BE(adler, 2);
  const stream = Buffer.concat([ZLIB_HEADER, ...segments.map((s) => s.data), trailer]);
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', paletteHeader), ...palette, pngChunk('IDAT', stream), pngChunk('IEND', Buffer.alloc(0))]);
}

/** zlib's header for a 32 KB window and the default level (what deflateRaw uses). */
const ZLIB_HEADER = Buffer.from([0x78, 0x9c]);
const paletteHeader = Buffer.from([0, 0, 4, 176, 0, 0, 2, 118, 8, 3, 0, 0, 0]); // 1200×630, 8 bits, palette

/**
 * Writes the palette indexes of a `width`×`height` block of pixels into palette rows at (left, top)
 * (each row `stride` bytes, its filter byte first; a card's by default), adding new colours to
 * `index`; false when that makes more than 256.
 */
function indexRegion(words: Int32Array, width: number, height: number, rows: Buffer, left: number, top: number, index: Map<number, number>, stride = CARD_WIDTH + 1): boolean {
  for (let y = 0; y < height; y++) {
    const end = (y + 1) * width;
    let out = (top + y) * stride + 1 + left;
    // A card is mostly long runs of one colour: find each run's end, then look its colour up once.
    for (let p = y * width; p < end; ) {
      const word = words[p];
      const start = p;
      while (++p < end && words[p] === word);
      let i = index.get(word);
      if (i === undefined) {
        if (index.size === 256) return false;
        i = index.size;
        index.set(word, i);
      }
      rows.fill(i, out, out + p - start);
      out += p - start;
    }
  }
  return true;
}

const deflateAsync = promisify(deflate);
/** One output buffer for a whole card (about 18 KB): zlib's default 16 KB chunks cost a round trip to the thread pool each. */
const DEFLATE_CHUNK = 256 * 1024;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * Pixels as one 32-bit word each (RGBA in memory order), copied only when not 4-byte aligned. Signed,
 * so that every word is a small integer to V8 and comparing them allocates nothing.
 */
function pixelWords(pixels: Buffer): Int32Array {
  const aligned = pixels.byteOffset % 4 === 0 ? pixels : Buffer.from(pixels);
  return new Int32Array(aligned.buffer, aligned.byteOffset, aligned.length / 4);
}

/**
 * Rows of palette indexes, each after its filter byte (0, none), and the palette as RGBA words in
 * index order; null when the image has more than 256 colours.
 */
function paletteRows(words: Int32Array, width: number, height: number): { rows: Buffer; palette: number[] } | null {
  const rows = Buffer.alloc((width + 1) * height); // filter bytes stay 0 (none)
  const index = new Map<number, number>();
  if (!indexRegion(words, width, height, rows, 0, 0, index, width + 1)) return null;
  return { rows, palette: [...index.keys()] };
}

/** PLTE (and tRNS where a colour is not opaque) of a palette of RGBA words. */
function paletteChunks(palette: number[]): Buffer[] {
  const rgb = Buffer.alloc(palette.length * 3);
  const alpha = Buffer.alloc(palette.length);
  // Little-endian words: red is the low byte, alpha the high one.
  palette.forEach((word, i) => {
    rgb.set([word & 255, (word >>> 8) & 255, (word >>> 16) & 255], i * 3);
    alpha[i] = word >>> 24;
  });
  return alpha.every((a) => a === 255) ? [pngChunk('PLTE', rgb)] : [pngChunk('PLTE', rgb), pngChunk('tRNS', alpha)];
}

/** A PNG of rows already filtered (a filter byte each), deflated on libuv's thread pool: `type` 3 for a palette (its chunks given), 6 for RGBA. */
async function pngFile(width: number, height: number, type: 3 | 6, rows: Buffer, palette: Buffer[] = []): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel, or per palette index; compression, filter method and interlace stay 0
  header[9] = type;
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', header), ...palette, pngChunk('IDAT', await deflateAsync(rows, { chunkSize: DEFLATE_CHUNK })), pngChunk('IEND', Buffer.alloc(0))]);
}

/**
 * A PNG of 8-bit RGBA pixels, deflated at zlib's default level on libuv's thread pool, rows
 * unfiltered. A card has about 150 colours (its few flat ones and the anti-aliased edges of its
 * text), so it is written with a palette: a quarter of the bytes to deflate, about 18 KB a card
 * instead of 27 as RGBA, in about half the CPU time. An image of more than 256 colours is written as RGBA.
 */
export async function encodePng(pixels: Buffer, width: number, height: number): Promise<Buffer> {
  const stride = width * 4;
  if (pixels.length !== stride * height) throw new Error(`share-cards: ${pixels.length} bytes are not ${width}×${height} RGBA pixels`);
  const indexed = paletteRows(pixelWords(pixels), width, height);
  if (indexed) return pngFile(width, height, 3, indexed.rows, paletteChunks(indexed.palette));
  const rows = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) pixels.copy(rows, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
  return pngFile(width, height, 6, rows);
}
