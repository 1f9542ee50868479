export { Main, type MainProps } from './Main.tsx';
