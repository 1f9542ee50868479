export { DetailList, type DetailItem } from './DetailList.tsx';
