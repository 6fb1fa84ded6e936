import { Card, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import {
  IconCalendarEvent,
  IconCircleCheck,
  IconCircleX,
  IconShieldCheck,
  IconShieldQuestion,
  IconTruckDelivery,
  IconUsers,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { TPublicBranch } from '../api/get-public-branch.ts';
import { formatFoundDate, formatRate } from '../lib/format.ts';
import classes from './public-company.module.css';

type TStatProps = {
  id: string;
  label: string;
  icon: ReactNode;
  /** null shows a dash. */
  value: string | null;
  /** A line under the value (why it is empty, say). */
  hint?: string | undefined;
  muted?: boolean;
};

function Stat({ id, label, icon, value, hint, muted = false }: TStatProps) {
  return (
    <Card padding="md" radius="md" withBorder className={classes.stat} data-testid={`stat-${id}`}>
      <Group gap={8} wrap="nowrap" mb={6}>
        <ThemeIcon
          variant="light"
          color="gray"
          radius="xl"
          size={26}
          style={{ flex: 'none' }}
          visibleFrom="sm"
          aria-hidden
        >
          {icon}
        </ThemeIcon>
        <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.3} lh={1.25}>
          {label}
        </Text>
      </Group>
      <Text
        fz={muted ? 'md' : 22}
        fw={700}
        lh={1.3}
        c={muted ? 'dimmed' : undefined}
        data-testid={`stat-${id}-value`}
      >
        {value ?? '—'}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed" mt={2}>
          {hint}
        </Text>
      ) : null}
    </Card>
  );
}

/** The branch's record: acceptance, cancellations, jobs, founding date, crew size, background check. */
export function CompanyStats({ branch }: { branch: TPublicBranch }) {
  const acceptance = formatRate(branch.acceptance_rate);
  const cancellation = formatRate(branch.cancellation_rate);
  const founded = formatFoundDate(branch.found_date);
  // Rates need answered requests; a branch hired before the record was kept has none yet.
  const noRecord = branch.times_hired === 0 ? 'No jobs yet' : 'Not enough history yet';
  return (
    <SimpleGrid
      cols={{ base: 2, sm: 3, lg: 6 }}
      spacing={{ base: 'xs', sm: 'md' }}
      data-testid="company-stats"
    >
      <Stat
        id="acceptance"
        label="Acceptance rate"
        icon={<IconCircleCheck size={15} />}
        value={acceptance}
        hint={acceptance === null ? noRecord : 'Of requests answered'}
      />
      <Stat
        id="cancellation"
        label="Cancellation rate"
        icon={<IconCircleX size={15} />}
        value={cancellation}
        hint={cancellation === null ? noRecord : 'Of accepted jobs'}
      />
      <Stat
        id="hired"
        label="Times hired"
        icon={<IconTruckDelivery size={15} />}
        value={branch.times_hired.toLocaleString('en-US')}
        hint="Completed moves"
      />
      <Stat
        id="founded"
        label="Founded"
        icon={<IconCalendarEvent size={15} />}
        value={founded ?? 'Not shared'}
        muted={founded === null}
      />
      <Stat
        id="employees"
        label="Employees"
        icon={<IconUsers size={15} />}
        value={
          branch.employees_count === null ? 'Not shared' : branch.employees_count.toLocaleString('en-US')
        }
        muted={branch.employees_count === null}
      />
      <Stat
        id="background"
        label="Background checked"
        icon={branch.is_checked ? <IconShieldCheck size={15} /> : <IconShieldQuestion size={15} />}
        value={branch.is_checked ? 'Checked' : 'Unchecked'}
        hint={branch.is_checked ? 'Licences in date, drug-tested crew' : 'Not verified yet'}
        muted={!branch.is_checked}
      />
    </SimpleGrid>
  );
}
