export { ProgressMeter, type ProgressMeterProps } from './ProgressMeter.tsx';
