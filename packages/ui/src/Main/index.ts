export { Main, type MainProps } from './Main';
