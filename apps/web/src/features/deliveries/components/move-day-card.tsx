import { DELIVERY_STATUS } from '@haulpro/shared/delivery';
import type { TDeliveryView } from '@haulpro/shared/delivery-view';
import { DELIVERY_ETA_CHOICES, DELIVERY_STEP_LABELS, deliveryClockTime } from '@haulpro/shared/move-day';
import {
  Anchor,
  Button,
  Chip,
  FileButton,
  Group,
  Image,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconCamera,
  IconCircleCheck,
  IconCircleDashed,
  IconMapPinCheck,
  IconTruck,
} from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import { type TMoveDayCall, useMoveDayStep } from '../api/move-day-steps.ts';

/** Is there anything of move day to show: a step the helper may take, or one taken? */
export function hasMoveDay(d: TDeliveryView): boolean {
  return (
    d.can_on_my_way ||
    d.can_arrive ||
    d.can_upload_pickup_photo ||
    d.can_upload_dropoff_photo ||
    d.on_my_way_at !== null
  );
}

function Step({
  done,
  label,
  detail,
  children,
}: {
  done: boolean;
  label: string;
  detail?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" data-testid="move-day-step" data-done={done}>
      <ThemeIcon variant="light" color={done ? 'teal' : 'gray'} size={24} radius="xl" aria-hidden>
        {done ? <IconCircleCheck size={16} /> : <IconCircleDashed size={16} />}
      </ThemeIcon>
      <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
        <Text size="sm" fw={600}>
          {label}
          {done ? <VisuallyHidden> (done)</VisuallyHidden> : null}
        </Text>
        {detail ? (
          <Text size="xs" c="dark.5" style={{ overflowWrap: 'anywhere' }}>
            {detail}
          </Text>
        ) : null}
        {children}
      </Stack>
    </Group>
  );
}

function Photo({ url, label }: { url: string; label: string }) {
  return (
    <Anchor
      href={url}
      target="_blank"
      rel="noreferrer"
      w="fit-content"
      aria-label={`Open the ${label.toLowerCase()}`}
    >
      <Image src={url} alt={label} w={120} h={90} radius="sm" fit="cover" />
    </Anchor>
  );
}

function PhotoButton({
  label,
  busy,
  replace,
  onFile,
}: {
  label: string;
  busy: boolean;
  replace: boolean;
  onFile: (file: File) => void;
}) {
  return (
    <FileButton
      accept="image/*"
      capture="environment"
      onChange={(file) => file && onFile(file)}
      inputProps={
        {
          'aria-label': label,
          'data-testid': `${label.toLowerCase().replace(/[^a-z]+/g, '-')}-input`,
        } as object
      }
    >
      {(props) => (
        <Button
          {...props}
          size="sm"
          variant={replace ? 'default' : 'filled'}
          leftSection={<IconCamera size={16} />}
          loading={busy}
          w="fit-content"
          // The step above names the photo; the button's name says which, for screen readers.
          aria-label={`${replace ? 'Retake photo' : 'Take photo'}: ${label.toLowerCase()}`}
        >
          {replace ? 'Retake photo' : 'Take photo'}
        </Button>
      )}
    </FileButton>
  );
}

/**
 * Move day on the helper's delivery (issue 28): On my way with an ETA (the customer is told),
 * Arrived, the pickup photo and the drop-off photo (proof of delivery), before Get Paid. Every
 * button comes from the server's flags; the times recorded show on the delivery's clock.
 */
export function MoveDayCard({ delivery: d }: { delivery: TDeliveryView }) {
  const step = useMoveDayStep();
  const [eta, setEta] = useState<string>('30');
  const etaLabel = useId();
  if (!hasMoveDay(d)) return null;
  const time = (iso: string | null) => (iso ? deliveryClockTime(iso, d.time_zone) : '');
  const busy = (kind: TMoveDayCall['kind']) => step.isPending && step.variables?.kind === kind;
  const run = (call: TMoveDayCall) => step.mutate(call);
  const open = d.status_id === DELIVERY_STATUS.accepted;

  return (
    <Paper withBorder radius="md" p="sm" data-testid="move-day-card">
      <Stack gap="sm">
        <Group gap={6}>
          <IconTruck size={18} aria-hidden />
          <Title order={3} fz="sm">
            Move day
          </Title>
        </Group>
        <Step
          done={d.on_my_way_at !== null}
          label={DELIVERY_STEP_LABELS.on_my_way}
          detail={d.on_my_way_at ? `At ${time(d.on_my_way_at)} · arriving about ${time(d.eta_at)}` : null}
        >
          {d.can_on_my_way ? (
            <Stack gap={6}>
              <Text size="xs" id={etaLabel}>
                Arriving in
              </Text>
              <Chip.Group value={eta} onChange={(v) => setEta(String(v))}>
                <Group gap={6} role="radiogroup" aria-labelledby={etaLabel}>
                  {DELIVERY_ETA_CHOICES.map((m) => (
                    <Chip key={m} value={String(m)} type="radio" size="sm">
                      {m} min
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
              <Button
                size="sm"
                leftSection={<IconTruck size={16} />}
                w="fit-content"
                loading={busy('on-my-way')}
                onClick={() => run({ kind: 'on-my-way', id: d.id, etaMinutes: Number(eta) })}
              >
                {DELIVERY_STEP_LABELS.on_my_way}
              </Button>
            </Stack>
          ) : null}
        </Step>
        <Step
          done={d.arrived_at !== null}
          label={DELIVERY_STEP_LABELS.arrived}
          detail={d.arrived_at ? `At ${time(d.arrived_at)}` : null}
        >
          {d.can_arrive ? (
            <Button
              size="sm"
              leftSection={<IconMapPinCheck size={16} />}
              w="fit-content"
              loading={busy('arrived')}
              onClick={() => run({ kind: 'arrived', id: d.id })}
            >
              {DELIVERY_STEP_LABELS.arrived}
            </Button>
          ) : null}
        </Step>
        <Step done={d.pickup_photo_url !== null} label={DELIVERY_STEP_LABELS.pickup_photo}>
          {d.pickup_photo_url ? (
            <Photo url={d.pickup_photo_url} label={DELIVERY_STEP_LABELS.pickup_photo} />
          ) : null}
          {d.can_upload_pickup_photo && open ? (
            <PhotoButton
              label={DELIVERY_STEP_LABELS.pickup_photo}
              busy={busy('pickup-photo')}
              replace={d.pickup_photo_url !== null}
              onFile={(file) => run({ kind: 'pickup-photo', id: d.id, file })}
            />
          ) : null}
        </Step>
        <Step done={d.dropoff_photo_url !== null} label={DELIVERY_STEP_LABELS.dropoff_photo}>
          {d.dropoff_photo_url ? (
            <Photo url={d.dropoff_photo_url} label={DELIVERY_STEP_LABELS.dropoff_photo} />
          ) : null}
          {d.can_upload_dropoff_photo && open ? (
            <PhotoButton
              label={DELIVERY_STEP_LABELS.dropoff_photo}
              busy={busy('dropoff-photo')}
              replace={d.dropoff_photo_url !== null}
              onFile={(file) => run({ kind: 'dropoff-photo', id: d.id, file })}
            />
          ) : null}
        </Step>
        {d.can_upload_dropoff_photo && !d.dropoff_photo_url ? (
          <Text size="xs" c="dark.5">
            Get Paid opens once the drop-off photo is in.
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
