import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from './use-page-title.ts';

type TPageHeaderProps = {
  title: string;
  description?: ReactNode;
  /** Buttons or selectors shown beside the title (below it on narrow screens). */
  actions?: ReactNode;
};

/** The heading of a page: title, an optional line of text and actions. Also sets the tab title. */
export function PageHeader({ title, description, actions }: TPageHeaderProps) {
  usePageTitle(title);
  return (
    <Group justify="space-between" align="flex-end" gap="md" mb="lg" wrap="wrap">
      <Stack gap={4} style={{ minWidth: 0, flex: '1 1 16rem' }}>
        <Title order={1} fz={{ base: 24, sm: 30 }} lh={1.2}>
          {title}
        </Title>
        {description ? (
          <Text c="dimmed" size="md">
            {description}
          </Text>
        ) : null}
      </Stack>
      {actions ? (
        <Group gap="sm" wrap="wrap">
          {actions}
        </Group>
      ) : null}
    </Group>
  );
}
