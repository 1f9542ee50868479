export { PageSection, type PageSectionProps } from './PageSection.tsx';
