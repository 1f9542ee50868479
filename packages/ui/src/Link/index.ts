export {
  Link,
  RoutedLink,
  LinkComponentProvider,
  linkTones,
  useLinkComponent,
  type LinkComponent,
  type LinkComponentProps,
  type LinkProps,
  type LinkTone,
} from './Link.tsx';
