import { Stack, Table, Text } from '@mantine/core';
import { IconTruck } from '@tabler/icons-react';
import { formatMoney } from '../../../components/money.tsx';
import { crewParts } from '../../booking/lib/crew.ts';
import type { TPublicBranch, TPublicCrew } from '../api/get-public-branch.ts';
import { ProfileSection, SectionEmpty } from './profile-section.tsx';

function hoursText(hours: number): string {
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
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
        <Table
          withTableBorder
          verticalSpacing={8}
          horizontalSpacing="sm"
          fz="sm"
          aria-label={title}
          layout="fixed"
        >
          <Table.Thead bg="gray.0">
            <Table.Tr>
              <Table.Th w="46%">Crew</Table.Th>
              <Table.Th>Minimum</Table.Th>
              <Table.Th ta="right">Hourly</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {crews.map((c) => (
              <Table.Tr key={c.id} data-testid="service-row">
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  {crewParts(c.employees_count, c.truck_number, c.truck_size).join(' · ')}
                </Table.Td>
                <Table.Td>{hoursText(c.minimum_hours)}</Table.Td>
                <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(c.hourly)}/h
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
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
