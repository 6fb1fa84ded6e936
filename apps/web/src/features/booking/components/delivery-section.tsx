import { Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type TDeliverySectionProps = {
  step: number;
  title: string;
  description?: ReactNode;
  testId?: string;
  children: ReactNode;
};

/** One numbered block of the delivery form (a level-2 heading under the page's title). */
export function DeliverySection({ step, title, description, testId, children }: TDeliverySectionProps) {
  return (
    <Card padding="lg" px={{ base: 'md', sm: 'lg' }} withBorder component="section" data-testid={testId}>
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={28} radius="xl" variant="filled" color="blue" aria-hidden>
            <Text fw={700} size="sm" c="white">
              {step}
            </Text>
          </ThemeIcon>
          <div style={{ minWidth: 0 }}>
            <Title order={2} fz="lg" lh={1.4}>
              {title}
            </Title>
            {description ? (
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            ) : null}
          </div>
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
