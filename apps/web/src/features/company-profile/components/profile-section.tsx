import { Card, Group, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type TProfileSectionProps = {
  title: string;
  icon: ReactNode;
  /** For tests: data-testid="section-{id}". */
  id: string;
  /** Beside the title (a count, a link). */
  aside?: ReactNode;
  children: ReactNode;
};

/** One card of the public company page: an icon, a title and its content. */
export function ProfileSection({ title, icon, id, aside, children }: TProfileSectionProps) {
  const headingId = `section-${id}-title`;
  return (
    <Card
      component="section"
      padding="lg"
      px={{ base: 'md', sm: 'lg' }}
      radius="md"
      withBorder
      aria-labelledby={headingId}
      data-testid={`section-${id}`}
    >
      <Group justify="space-between" gap="xs" mb="md" wrap="nowrap">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <ThemeIcon variant="light" color="blue" radius="md" size={32}>
            {icon}
          </ThemeIcon>
          <Title order={2} fz="lg" lh={1.3} id={headingId}>
            {title}
          </Title>
        </Group>
        {aside}
      </Group>
      {children}
    </Card>
  );
}

/** The friendly line a section shows when it has nothing yet. */
export function SectionEmpty({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed" data-testid="section-empty">
      {children}
    </Text>
  );
}
