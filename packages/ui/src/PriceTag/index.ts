export { PriceTag, priceTagSizes, type PriceTagProps, type PriceTagSize } from './PriceTag';
export { formatMoney } from './money';
