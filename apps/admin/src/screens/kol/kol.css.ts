import { style } from '@vanilla-extract/css';

/** A list inside a table cell (an application's channel links): no bullets, no indent. */
export const plainList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  overflowWrap: 'anywhere',
});
