export {
  Link,
  NavAnchor,
  RoutedLink,
  LinkComponentProvider,
  linkTones,
  useLinkComponent,
  type LinkComponent,
  type LinkComponentProps,
  type LinkProps,
  type LinkTone,
  type NavAnchorProps,
} from './Link.tsx';
