export {
  Badge,
  StatusTag,
  badgeTones,
  type BadgeProps,
  type BadgeTone,
  type StatusTagProps,
} from './Badge.tsx';
