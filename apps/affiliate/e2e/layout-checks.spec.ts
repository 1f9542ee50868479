import { brokenTableWords, expect, test } from '@nimbus/e2e-kit';
import { overflowingElements } from './support.ts';

// The kit's overflow check (used by the screen specs of every app) on fixed markup: a 300 px card
// with 20 px padding, so its content box ends 280 px from the left.
const card = (inner: string) =>
  `<body style="margin:0"><section style="width:300px;padding:20px;box-sizing:border-box;border:0">` +
  `<div style="display:flex;justify-content:flex-end">${inner}</div></section></body>`;
const ring = (transform: string) =>
  `<span class="ring" style="display:inline-block;width:20px;height:20px;border:2px solid;border-radius:50%;transform:${transform}"></span>`;

test('the overflow check: a ring turned in place at the card edge stays in line; one pushed out or a box too wide does not', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 400 });

  // A spinner's ring mid-turn: its bounding box is 34 px wide, its layout box 24 px, flush with the
  // edge.
  await page.setContent(card(ring('rotate(45deg)')));
  expect(await overflowingElements(page)).toEqual([]);

  await page.setContent(card(ring('translateX(12px)')));
  expect(await overflowingElements(page)).toEqual(['span.ring: ']);

  await page.setContent(card(`${ring('rotate(45deg) translateX(12px)')}`));
  expect(await overflowingElements(page)).toEqual(['span.ring: ']);

  await page.setContent(
    card('<p class="wide" style="width:290px;flex-shrink:0;margin:0">too wide</p>'),
  );
  expect(await overflowingElements(page)).toEqual(['p.wide: too wide']);
});

// The kit's table-word check on fixed markup: a column squeezed below its longest word breaks
// "Standard" mid-word (reported); a machine value that opts in to breaking anywhere
// (`word-break: break-all`) is left alone; a column wide enough reports nothing.
const table = (cell: string) =>
  `<body style="margin:0"><table style="width:60px;table-layout:fixed;font:16px monospace">` +
  `<tr><td style="overflow-wrap:anywhere">${cell}</td></tr></table></body>`;

test('the table-word check: a word split across lines is reported, an opted-in machine value is not', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 400 });
  await page.setContent(table('Standard'));
  expect(await brokenTableWords(page)).toEqual(['Standard']);

  await page.setContent(
    table('<code style="word-break:break-all">{"orderId":"20261129T7ECE355XVSD"}</code>'),
  );
  expect(await brokenTableWords(page)).toEqual([]);

  await page.setContent(table('Lite').replace('width:60px', 'width:300px'));
  expect(await brokenTableWords(page)).toEqual([]);
});
