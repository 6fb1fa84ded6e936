import { Box, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { EditDeleteActions } from './edit-delete-actions.tsx';
import { LoadError } from './load-error.tsx';

/** How many upcoming dates the list beside a settings calendar shows. */
const SHOWN = 12;

type TUpcomingDatesProps<T extends { id: number }> = {
  /** "Upcoming offers". */
  title: string;
  query: UseQueryResult<T[]>;
  /** What the list is, after "Loading" and in the error panel: "upcoming offers". */
  what: string;
  empty: { icon: ReactNode; text: string };
  /** data-testid of the list; its items get the singular (e.g. upcoming-offers, upcoming-offer). */
  testId: string;
  itemTestId: string;
  /** The item's accessible name. */
  label: (item: T) => string;
  /** What Edit and Delete act on: "the offer on Mar 3, 2027". */
  subject: (item: T) => string;
  /** The item's text (left of the buttons). */
  children: (item: T) => ReactNode;
  onEdit: (item: T) => void;
  onDelete: (item: T) => void;
};

/** The dates coming up beside a settings calendar (offers, blocked time), each with Edit and Delete. */
export function UpcomingDates<T extends { id: number }>({
  title,
  query,
  what,
  empty,
  testId,
  itemTestId,
  label,
  subject,
  children,
  onEdit,
  onDelete,
}: TUpcomingDatesProps<T>) {
  let body: ReactNode;
  if (query.isPending) {
    body = (
      <Stack gap="xs" role="status" aria-label={`Loading ${what}`}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={52} />
        ))}
      </Stack>
    );
  } else if (query.isError) {
    body = (
      <LoadError
        what={`the ${what}`}
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (query.data.length === 0) {
    body = (
      <Card withBorder={false} bg="gray.0" padding="lg">
        <Group gap="sm" wrap="nowrap">
          {empty.icon}
          <Text size="sm" c="dimmed">
            {empty.text}
          </Text>
        </Group>
      </Card>
    );
  } else {
    body = (
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid={testId}>
        {query.data.slice(0, SHOWN).map((item) => (
          <Card
            key={item.id}
            component="li"
            padding="sm"
            radius="md"
            aria-label={label(item)}
            data-testid={itemTestId}
          >
            <Group justify="space-between" wrap="nowrap" gap="xs">
              {children(item)}
              <EditDeleteActions
                what={subject(item)}
                onEdit={() => onEdit(item)}
                onDelete={() => onDelete(item)}
              />
            </Group>
          </Card>
        ))}
        {query.data.length > SHOWN ? (
          <Text size="xs" c="dimmed">
            and {query.data.length - SHOWN} more later on.
          </Text>
        ) : null}
      </Stack>
    );
  }
  return (
    <>
      <Title order={3} fz="md" mb="sm">
        {title}
      </Title>
      {body}
    </>
  );
}

/** A colour swatch and its meaning, under a settings calendar. */
export function CalendarLegend({ color, children }: { color: string; children: ReactNode }) {
  return (
    <Group gap={6}>
      <Box w={12} h={12} bg={`${color}.6`} style={{ borderRadius: 3 }} aria-hidden />
      <Text size="xs" c="dimmed">
        {children}
      </Text>
    </Group>
  );
}
