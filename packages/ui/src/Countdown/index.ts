export {
  Countdown,
  countdownSizes,
  type CountdownLabels,
  type CountdownProps,
  type CountdownSize,
} from './Countdown.tsx';
export { timeParts, type TimeParts } from './time-parts.ts';
export { useRemaining } from '../hooks/useRemaining.ts';
