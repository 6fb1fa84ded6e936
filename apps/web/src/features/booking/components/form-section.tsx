import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled block of a wizard step. */
export function FormSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack gap="sm">
      <div>
        <Title order={3} fz="lg">
          {title}
        </Title>
        {description ? (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        ) : null}
      </div>
      {children}
    </Stack>
  );
}
