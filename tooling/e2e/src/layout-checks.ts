import type { Page } from '@playwright/test';

/**
 * Elements that stick out sideways, of the viewport or of the content box of the card (section)
 * they sit in, except inside containers meant to scroll or clip sideways (tab rows, the 375 px
 * section tabs): what a reader would see cut off or spilling over a border. Empty when the
 * layout holds; each entry names the element and the start of its text.
 */
export function overflowingElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrollsOrClips = (el: Element, upTo: Element | null): boolean => {
      for (
        let node = el.parentElement;
        node && node !== upTo && node !== document.body;
        node = node.parentElement
      ) {
        if (['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(node).overflowX))
          return true;
      }
      return false;
    };
    // The box as laid out. A transform that turns or scales an element in place (a spinner's
    // ring mid-turn) widens its bounding box without moving it out of line: such an element is
    // measured by its own size about the same centre; a transform that moves it still counts.
    const laidOut = (el: Element) => {
      const box = el.getBoundingClientRect();
      if (!(el instanceof HTMLElement) || getComputedStyle(el).transform === 'none') return box;
      const centre = (box.left + box.right) / 2;
      return {
        left: centre - el.offsetWidth / 2,
        right: centre + el.offsetWidth / 2,
        width: el.offsetWidth,
        height: el.offsetHeight,
      };
    };
    return [...document.body.querySelectorAll('*')]
      .filter((el) => {
        const box = laidOut(el);
        // Visually hidden text (1 px, clipped) is for screen readers, not in the layout.
        if (box.width <= 1 || box.height <= 1) return false;
        if ((box.right > width + 1 || box.left < -1) && !scrollsOrClips(el, null)) return true;
        const card = el.parentElement?.closest('section');
        if (!card) return false;
        // The card's content box: a control running into the padding is already out of line.
        const frame = card.getBoundingClientRect();
        const style = getComputedStyle(card);
        const right =
          frame.right - parseFloat(style.paddingRight) - parseFloat(style.borderRightWidth);
        const left = frame.left + parseFloat(style.paddingLeft) + parseFloat(style.borderLeftWidth);
        return (box.right > right + 1 || box.left < left - 1) && !scrollsOrClips(el, card);
      })
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ')[0]}` : ''}: ${(el.textContent ?? '').trim().slice(0, 40)}`,
      );
  });
}

/**
 * The medium date the site shows ("Jan 5, 2026") for an instant, in the browser's time zone (the
 * test's).
 */
export function shownDate(ms: number): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(ms));
}

/**
 * Words in tables that the layout broke across lines mid-word ("Standa/rd", an IP address split):
 * each word of each cell's text is measured with a Range; one whose boxes sit on more than one
 * line is reported. Words with their own break points (hyphens, slashes) are left alone, and so is
 * text whose own element opts in to breaking anywhere with `word-break: break-all`: machine values
 * such as an audit row's JSON or a hash, which would otherwise widen the table past the screen.
 * (`overflow-wrap: anywhere` on a cell is the defect this looks for, so it is no opt-in.)
 */
export function brokenTableWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const cell of document.querySelectorAll('table td, table th')) {
      if ((cell as HTMLElement).offsetParent === null) continue;
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const style = node.parentElement ? getComputedStyle(node.parentElement) : null;
        if (style?.wordBreak === 'break-all') continue;
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/\S+/g)) {
          const word = match[0];
          if (word.length < 2 || /[-/\u2010-\u2014]/.test(word)) continue;
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + word.length);
          const tops = new Set(
            [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
          );
          if (tops.size > 1) found.push(word);
        }
      }
    }
    return found;
  });
}
