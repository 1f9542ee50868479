export { Tabs, tabsVariants, type TabItem, type TabsProps, type TabsVariant } from './Tabs.tsx';
