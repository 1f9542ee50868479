export { PriceTag, priceTagSizes, type PriceTagProps, type PriceTagSize } from './PriceTag.tsx';
export { formatMoney } from './money.ts';
