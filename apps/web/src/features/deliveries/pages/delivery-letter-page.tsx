import { DELIVERY_NO_NOTES } from '@haulpro/shared/delivery';
import type { TDeliveryView } from '@haulpro/shared/delivery-view';
import { Box, Button, Center, Divider, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { Brand } from '../../../components/brand.tsx';
import { DeliveryInvoice } from '../../../components/delivery/delivery-invoice.tsx';
import { DeliveryItemsTable } from '../../../components/delivery/delivery-items-table.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { useDeliveryLetter } from '../api/get-delivery-letter.ts';
import classes from '../components/delivery-letter.module.css';
import { formatDeliveryDate, showUpWindow } from '../lib/delivery-format.ts';

/** The sentence the customer signs under. */
export const LETTER_CONFIRMATION = 'I confirm the items above were delivered in good condition.';

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text size="xs" tt="uppercase" fw={700} c="dark.5">
        {title}
      </Text>
      {children}
    </Stack>
  );
}

function Line({ children, strong = false }: { children: ReactNode; strong?: boolean }) {
  return (
    <Text size="sm" fw={strong ? 600 : 400} style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  );
}

function SignatureLines({ who, name }: { who: string; name: string }) {
  return (
    <div className={classes.signRow}>
      <Stack gap={4}>
        <div className={classes.signLine} />
        <Text size="xs">
          {who} signature{' '}
          <Text span size="xs" c="dark.5">
            · {name}
          </Text>
        </Text>
      </Stack>
      <Stack gap={4}>
        <div className={classes.signLine} />
        <Text size="xs">Date</Text>
      </Stack>
    </div>
  );
}

function Letter({ d }: { d: TDeliveryView }) {
  const helper = d.acceptor;
  const stairs = (n: number) => (n > 0 ? `, ${n} flight${n === 1 ? '' : 's'} of stairs` : '');
  return (
    <Stack gap="md" data-testid="delivery-letter">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Brand size="sm" />
          <Title order={1} fz={20}>
            Delivery confirmation
          </Title>
        </Stack>
        <Stack gap={0} align="flex-end" ta="right">
          <Text fw={700}>Delivery #{d.id}</Text>
          <Text size="sm">{formatDeliveryDate(d.arrival_date)}</Text>
          <Text size="sm">Show-up time: {showUpWindow(d.show_up_time)}</Text>
        </Stack>
      </Group>
      <Divider color="dark.2" />
      <SimpleGrid cols={2} spacing="lg">
        <Block title="Customer">
          <Line strong>{d.customer.full_name}</Line>
          <Line>{d.customer.phone ?? '—'}</Line>
        </Block>
        <Block title={helper?.kind === 'company' ? 'Helper (company)' : 'Helper'}>
          <Line strong>{helper?.name ?? '—'}</Line>
          <Line>{helper?.phone ?? '—'}</Line>
        </Block>
        <Block title="Pickup">
          <Line>{d.pickup.full_address}</Line>
          <Text size="xs" c="dark.5">
            {d.pickup.type_property}
            {stairs(d.pickup.flights_of_stairs)}
          </Text>
        </Block>
        <Block title="Destination">
          <Line>{d.destination.full_address}</Line>
          <Text size="xs" c="dark.5">
            {d.destination.type_property}
            {stairs(d.destination.flights_of_stairs)}
          </Text>
        </Block>
      </SimpleGrid>
      <Block title={`Items · ${d.vehicle} · ${d.distance_miles} mi`}>
        <DeliveryItemsTable items={d.items} />
      </Block>
      <SimpleGrid cols={2} spacing="lg">
        <Block title="Notes">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {d.notes?.trim() ? d.notes : DELIVERY_NO_NOTES}
          </Text>
        </Block>
        <Block title="Invoice">
          <DeliveryInvoice invoice={d.invoice} viewer="helper" />
        </Block>
      </SimpleGrid>
      <Box p="sm" style={{ border: '1px solid var(--mantine-color-dark-2)', borderRadius: 4 }}>
        <Text fw={600}>{LETTER_CONFIRMATION}</Text>
        <Text size="xs" c="dark.5">
          Signed at the destination on the day of the delivery.
        </Text>
      </Box>
      <Stack gap="lg" mt="xs">
        <SignatureLines who="Customer" name={d.customer.full_name} />
        <SignatureLines who="Helper" name={helper?.name ?? ''} />
      </Stack>
    </Stack>
  );
}

/**
 * /delivery-letter/:deliveryId: the letter the helper prints for the customer's signature (no
 * navbar; letter paper, 0.5 in margin). Print (hidden on paper) opens the browser's dialog.
 */
export function DeliveryLetterPage() {
  const { deliveryId } = useParams();
  const id = /^[1-9][0-9]{0,9}$/.test(deliveryId ?? '') ? Number(deliveryId) : null;
  const letter = useDeliveryLetter(id);
  usePageTitle(id ? `Delivery #${id} signature letter` : 'Signature letter');

  return (
    <div className={classes.backdrop}>
      <Group className={classes.toolbar} justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm" c="dark.5">
          Print this letter and ask the customer to sign it on delivery.
        </Text>
        <Button
          leftSection={<IconPrinter size={18} />}
          onClick={() => window.print()}
          disabled={!letter.data}
        >
          Print
        </Button>
      </Group>
      <main className={classes.sheet}>
        {id === null ? (
          <Text>This letter does not exist.</Text>
        ) : letter.isPending ? (
          <Center h={300}>
            <Loader role="status" aria-label="Loading the letter" />
          </Center>
        ) : letter.isError ? (
          <LoadError
            what="the letter"
            error={letter.error}
            onRetry={() => letter.refetch()}
            retrying={letter.isFetching}
          />
        ) : (
          <Letter d={letter.data} />
        )}
      </main>
    </div>
  );
}
