export {
  Countdown,
  countdownSizes,
  type CountdownLabels,
  type CountdownProps,
  type CountdownSize,
} from './Countdown';
export { timeParts, type TimeParts } from './time-parts';
