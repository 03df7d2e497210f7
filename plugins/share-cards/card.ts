/**
 * One share card: a 1200×630 PNG with the page's section and title in the site's colours.
 * satori lays the card out into SVG, its text as paths (Inter from @fontsource/inter, SIL OFL 1.1);
 * resvg rasterises it: no browser, no network. The PNG is written with a palette (encodePng).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { crc32, deflate } from 'node:zlib';
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

export interface CardText {
  title: string;
  section: string;
  /** The site's name, shown next to the logo. */
  site: string;
  /** The page's address without the scheme, shown at the bottom. */
  address: string;
  /** The site's logo as a data URL (SITE_CONFIG `logo`); null or left out, none. */
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

/** The card's layout: the accent bar, then the logo and site name, the section and title, and the address. */
function cardTree({ title, section, site, address, logo: src }: CardText): ReactNode {
  const logo = src ? [{ type: 'img', props: { src, width: 64, height: 64 } } as unknown as ReactNode] : [];
  const inner = box({ flexGrow: 1, flexDirection: 'column', justifyContent: 'space-between', padding: '64px 80px' }, [
    box({ alignItems: 'center', gap: 24, fontSize: 36, fontWeight: 700 }, [...logo, box({}, site)]),
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

export async function renderCard(text: CardText): Promise<Buffer> {
  const image = await draw(await layout(cardTree(text)));
  return encodePng(image.pixels, image.width, image.height);
}

/**
 * Writes the palette indexes of `width`×`height` pixels into `rows` (each its filter byte, then an
 * index per pixel), adding new colours to `index`; false when that makes more than 256.
 */
function indexRows(words: Int32Array, width: number, height: number, rows: Buffer, index: Map<number, number>): boolean {
  for (let y = 0; y < height; y++) {
    const end = (y + 1) * width;
    let out = y * (width + 1) + 1;
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
  if (!indexRows(words, width, height, rows, index)) return null;
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
