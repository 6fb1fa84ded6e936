import type { TDeliveryView } from '@haulpro/shared/delivery-view';
import { Button, Card, Divider, ThemeIcon } from '@mantine/core';
import { IconEye, IconFlag, IconMapPin, IconPackage, IconStars } from '@tabler/icons-react';
import { memo, type ReactNode } from 'react';
import parts from '../../../components/card-parts.module.css';
import { CardStat } from '../../../components/card-stat.tsx';
import { DeliveryStatusBadge } from '../../../components/delivery/delivery-status-badge.tsx';
import { ThreadButton } from '../../../components/message-thread/thread-button.tsx';
import { Money } from '../../../components/money.tsx';
import { dayjs } from '../../../lib/dayjs.ts';
import classes from './customer-delivery-card.module.css';
import { DeliveryActionButtons, type TCustomerDeliveryAction } from './delivery-actions.tsx';
import { DeliveryMoveDayStatus } from './delivery-move-day-status.tsx';
import { DeliveryMover } from './delivery-mover.tsx';
import { DeliveryStatusNote } from './delivery-status-note.tsx';

export function formatDeliveryDate(date: string): string {
  return dayjs(date).format('ddd, MMM D, YYYY');
}

/** One stop of the route: an icon, what it is, and the address. */
function Stop({
  icon,
  label,
  address,
  testId,
}: {
  icon: ReactNode;
  label: string;
  address: string;
  testId?: string;
}) {
  return (
    <div className={`${classes.stop} ${classes.stopInner}`} data-testid={testId}>
      {icon}
      <div className={parts.stat}>
        <div className={parts.label}>{label}</div>
        <div className={classes.address}>{address}</div>
      </div>
    </div>
  );
}

type TCustomerDeliveryCardProps = {
  delivery: TDeliveryView;
  onAction: (action: TCustomerDeliveryAction, delivery: TDeliveryView) => void;
  /** A step of this delivery is running: its buttons wait. */
  busy?: boolean;
};

/**
 * A delivery as its customer sees it (spec: Customer screens; Roles: customers see
 * invoice.total_price): what is moved and where, when, who moves it, the price they pay, the
 * status (an expired one explains itself in its tooltip), the one line that says what comes
 * next, and only the buttons the server's flags allow.
 */
export const CustomerDeliveryCard = memo(function CustomerDeliveryCard({
  delivery: d,
  onAction,
  busy = false,
}: TCustomerDeliveryCardProps) {
  return (
    <Card
      withBorder
      padding={0}
      className={parts.listCard}
      data-testid="delivery-card"
      data-delivery-id={d.id}
      data-status={d.status}
      data-status-id={d.status_id}
    >
      <div className={`${parts.column} ${classes.body}`}>
        <div className={parts.row}>
          <div className={classes.what}>
            <ThemeIcon size={40} radius="md" variant="light" color="blue" aria-hidden>
              <IconPackage size={22} />
            </ThemeIcon>
            <div className={parts.stat}>
              <h3 className={classes.name} data-testid="delivery-items-name">
                {d.items_name}
              </h3>
              <div className={classes.number}>Delivery #{d.id}</div>
            </div>
          </div>
          <div className={classes.price}>
            <DeliveryStatusBadge delivery={d} />
            <Money amount={d.invoice.total_price} fz={22} fw={800} lh={1.1} data-testid="delivery-price" />
          </div>
        </div>

        <div className={classes.facts}>
          <Stop
            icon={<IconMapPin size={18} color="var(--mantine-color-teal-7)" aria-hidden />}
            label={d.is_home_move ? 'In-home pickup' : 'Pickup'}
            address={d.pickup.full_address}
            testId="delivery-pickup"
          />
          <Stop
            icon={<IconFlag size={18} color="var(--mantine-color-red-7)" aria-hidden />}
            label="Destination"
            address={d.destination.full_address}
            testId="delivery-destination"
          />
          <CardStat label="Date" className={`${classes.pair} ${classes.date}`}>
            {formatDeliveryDate(d.arrival_date)}
          </CardStat>
          <CardStat label="Show-up time" className={`${classes.pair} ${classes.date}`}>
            {d.show_up_time}
          </CardStat>
          <CardStat label="Vehicle" className={`${classes.pair} ${classes.vehicle}`}>
            {d.vehicle}
          </CardStat>
          <CardStat label="Mover" className={`${classes.pair} ${classes.mover}`}>
            <DeliveryMover delivery={d} />
          </CardStat>
        </div>

        <DeliveryStatusNote delivery={d} />
        <DeliveryMoveDayStatus delivery={d} />
      </div>
      <Divider />
      <div className={`${parts.row} ${parts.centered} ${classes.foot}`}>
        <Button
          variant="default"
          size="sm"
          leftSection={<IconEye size={16} />}
          onClick={() => onAction('details', d)}
          aria-label={`View details of delivery #${d.id}`}
        >
          View details
        </Button>
        {d.canCustomerViewHelperReviews && d.acceptor ? (
          <Button
            variant="subtle"
            size="sm"
            leftSection={<IconStars size={16} />}
            onClick={() => onAction('reviews', d)}
          >
            See reviews
          </Button>
        ) : null}
        {/* A delivery's thread opens at acceptance (decision 031). */}
        {d.acceptor ? <ThreadButton target={{ kind: 'delivery', id: d.id }} size="sm" /> : null}
        <DeliveryActionButtons delivery={d} onAction={onAction} busy={busy} />
      </div>
    </Card>
  );
});
