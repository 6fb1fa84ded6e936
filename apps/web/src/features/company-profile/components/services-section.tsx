import { Stack, Text } from '@mantine/core';
import { IconTruck } from '@tabler/icons-react';
import { formatMoney } from '../../../components/money.tsx';
import table from '../../../components/plain-table.module.css';
import { crewParts } from '../../../lib/crew.ts';
import type { TPublicBranch, TPublicCrew } from '../api/get-public-branch.ts';
import { ProfileSection, SectionEmpty } from './profile-section.tsx';

function hoursText(hours: number): string {
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}

const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** "3 helpers" and, below it, "1 truck (26 ft)", broken only between the count and the size. */
function CrewCell({ crew }: { crew: TPublicCrew }) {
  const [helpers, trucks] = crewParts(crew.employees_count, crew.truck_number, null);
  const size = crew.truck_size?.trim();
  return (
    <>
      <Text span size="sm" display="block" style={NOWRAP}>
        {helpers}
      </Text>
      {trucks ? (
        <Text span size="xs" c="dimmed" display="block">
          <span style={NOWRAP}>{trucks}</span>
          {size ? (
            <>
              {' '}
              <span style={size.length <= 12 ? NOWRAP : undefined}>({size})</span>
            </>
          ) : null}
        </Text>
      ) : null}
    </>
  );
}

function CrewTable({ title, crews, id }: { title: string; crews: TPublicCrew[]; id: string }) {
  return (
    <Stack gap={6} data-testid={`services-${id}`}>
      <Text fw={600} size="sm">
        {title}
      </Text>
      {crews.length === 0 ? (
        <SectionEmpty>Not offered at this location.</SectionEmpty>
      ) : (
        <table className={`${table.table} ${table.bordered}`} aria-label={title}>
          <thead>
            <tr>
              <th>Crew</th>
              <th style={{ width: 100 }}>Minimum</th>
              <th className={table.right} style={{ width: 88 }}>
                Hourly
              </th>
            </tr>
          </thead>
          <tbody>
            {crews.map((c) => (
              <tr key={c.id} data-testid="service-row">
                <td style={{ overflowWrap: 'anywhere' }}>
                  <CrewCell crew={c} />
                </td>
                <td className={table.nowrap}>{hoursText(c.minimum_hours)}</td>
                <td className={`${table.right} ${table.nowrap}`} style={{ fontWeight: 600 }}>
                  {formatMoney(c.hourly)}/h
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Stack>
  );
}

/** The crews a branch offers, helpers only and with trucks. */
export function ServicesSection({ services }: { services: TPublicBranch['services'] }) {
  const none = services.helpers_only.length === 0 && services.helpers_and_trucks.length === 0;
  return (
    <ProfileSection id="services" title="Services" icon={<IconTruck size={18} />}>
      {none ? (
        <SectionEmpty>This company has not listed its services yet.</SectionEmpty>
      ) : (
        <Stack gap="lg">
          <CrewTable id="helpers-only" title="Helpers only" crews={services.helpers_only} />
          <CrewTable id="helpers-and-trucks" title="Helpers and trucks" crews={services.helpers_and_trucks} />
        </Stack>
      )}
    </ProfileSection>
  );
}
