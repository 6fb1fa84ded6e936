import { Button, Card, EmptyState, Group, List, Text, ThemeIcon } from '@mantine/core';
import {
  IconCalendarPlus,
  IconClockHour4,
  IconMapPinOff,
  IconMapSearch,
  IconPencil,
  IconTruck,
  IconUsers,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';

type TNoHelpersFoundProps = {
  zip: string;
  when: string;
  helpersOnly: boolean;
  /** False when no company serves the ZIP at all (then the date will not help); null when unknown. */
  covered: boolean | null;
  onNextDay: () => void;
  onSwitchService: () => void;
  onEditSearch: () => void;
};

function Tip({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <List.Item
      icon={
        <ThemeIcon size={28} radius="xl" variant="light" color="blue">
          {icon}
        </ThemeIcon>
      }
    >
      <Text size="sm" lh={1.45}>
        {children}
      </Text>
    </List.Item>
  );
}

/** Nobody can take this job: what to change, with a button for each easy change. */
export function NoHelpersFound({
  zip,
  when,
  helpersOnly,
  covered,
  onNextDay,
  onSwitchService,
  onEditSearch,
}: TNoHelpersFoundProps) {
  const zipTip = (
    <Tip icon={<IconMapSearch size={15} />}>
      <b>A nearby ZIP code</b> for the pickup, if your address sits on the edge of a service area.
    </Tip>
  );
  return (
    <Card py={40} px={{ base: 'md', sm: 'xl' }} data-testid="helper-list-empty">
      <EmptyState
        variant="light"
        size="lg"
        icon={<IconMapPinOff size={30} stroke={1.6} />}
        title={covered === false ? `No helpers serve ${zip} yet` : 'No helpers available for this search'}
        description={
          covered === false
            ? `None of the companies on Haulpro works in ${zip} yet.`
            : `No company can take a job from ${zip} on ${when}.`
        }
      >
        <Text fw={600} mt="md" ta="left">
          A small change often helps:
        </Text>
        <List spacing="sm" mt="xs" ta="left" center maw={500}>
          {covered === false ? zipTip : null}
          <Tip icon={<IconCalendarPlus size={15} />}>
            <b>Another date</b>: crews fill up, and a day earlier or later often opens up.
          </Tip>
          <Tip icon={<IconClockHour4 size={15} />}>
            <b>Another show-up window</b>: afternoons are often free when mornings are booked.
          </Tip>
          <Tip icon={helpersOnly ? <IconTruck size={15} /> : <IconUsers size={15} />}>
            {helpersOnly ? (
              <>
                <b>Helpers and trucks</b> instead of helpers only: more companies offer a full crew.
              </>
            ) : (
              <>
                <b>Helpers only</b>, if you have your own truck: more crews are free.
              </>
            )}
          </Tip>
          {covered === false ? null : zipTip}
        </List>
        <Group justify="center" gap="sm" mt="xl">
          <Button leftSection={<IconPencil size={16} />} onClick={onEditSearch}>
            Edit search
          </Button>
          <Button variant="default" leftSection={<IconCalendarPlus size={16} />} onClick={onNextDay}>
            Try the next day
          </Button>
          <Button variant="default" onClick={onSwitchService}>
            {helpersOnly ? 'Try helpers and trucks' : 'Try helpers only'}
          </Button>
        </Group>
      </EmptyState>
    </Card>
  );
}
