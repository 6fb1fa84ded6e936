import { Card, Tabs } from '@mantine/core';
import type { ReactNode } from 'react';

export type TCardTab = { value: string; label: ReactNode; icon: ReactNode };

type TCardTabsProps = {
  tabs: readonly TCardTab[];
  value: string;
  onChange: (value: string | null) => void;
  /** Shown in the card under the tab list (e.g. which branch is shown). */
  children?: ReactNode;
};

/** A page's tabs in a card at the top of its content (the dashboards' Active/Archive, Delivery/Moving...). */
export function CardTabs({ tabs, value, onChange, children }: TCardTabsProps) {
  return (
    <Card padding={0} mb="lg">
      <Tabs value={value} onChange={onChange}>
        <Tabs.List px={{ base: 0, sm: 'md' }} pt="xs">
          {tabs.map((tab) => (
            <Tabs.Tab
              key={tab.value}
              value={tab.value}
              leftSection={tab.icon}
              fz={{ base: 'sm', sm: 'md' }}
              py="md"
              px={{ base: 'sm', sm: 'md' }}
            >
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {children}
    </Card>
  );
}
