/**
 * Copies text to the clipboard, for the code blocks' copy buttons and the page menu.
 *
 * The Clipboard API exists only in secure contexts (HTTPS, localhost): a build served over plain
 * HTTP on a local network has no `navigator.clipboard`. Chromium also rejects its write when the
 * document has lost focus. In both cases the text is copied the older way: selected in an
 * off-screen text area and copied with `document.execCommand('copy')`, which works in every
 * context while the click that asked for it is being handled.
 *
 * Resolves once the text is copied; rejects when neither way could copy it.
 */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Not allowed here (focus, permissions): try the older way below.
    }
  }
  if (!copyBySelection(text)) throw new Error('The browser refused to copy the text.');
}

/** Selects `text` in an off-screen text area and copies it; true when the browser copied it. */
function copyBySelection(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  // Off-screen and out of the layout, so nothing scrolls or moves while it is there.
  area.style.position = 'fixed';
  area.style.top = '0';
  area.style.left = '-9999px';
  area.style.opacity = '0';
  const focused = document.activeElement as HTMLElement | null;
  const selection = document.getSelection();
  const ranges = selection ? Array.from({ length: selection.rangeCount }, (_, i) => selection.getRangeAt(i)) : [];
  document.body.append(area);
  area.select();
  area.setSelectionRange(0, text.length);
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  }
  area.remove();
  // The reader's selection and focus as they were.
  if (selection) {
    selection.removeAllRanges();
    for (const range of ranges) selection.addRange(range);
  }
  focused?.focus({ preventScroll: true });
  return copied;
}
