/**
 * The key under which a page's build-time highlighting of one code block is found (./context.tsx):
 * a hash of the language and the code, so the page's data does not carry each code twice. Runs in
 * the build (./highlight.ts) and in the browser (theme/CodeBlock), which must agree.
 */
export function codeKey(language: string, code: string): string {
  const text = `${language.toLowerCase()}\n${code}`;
  // FNV-1a, twice with different offsets: 64 bits, so two blocks of a page never share a key.
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193) ^ (b >>> 15);
  }
  return (a >>> 0).toString(36) + (b >>> 0).toString(36);
}
