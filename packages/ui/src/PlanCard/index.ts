export {
  PlanCard,
  PlanCardGroup,
  type PlanCardGroupProps,
  type PlanCardProps,
} from './PlanCard.tsx';
