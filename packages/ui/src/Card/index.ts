export {
  Card,
  cardPaddings,
  cardTones,
  type CardPadding,
  type CardProps,
  type CardTone,
} from './Card.tsx';
