import { Card, EmptyState } from '@mantine/core';
import { IconTruckDelivery } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type TEmptyOrdersProps = { title?: string; description?: string; children?: ReactNode };

/** No orders to show (spec: 'Get a professional help for your move'). */
export function EmptyOrders({
  title = 'Get a professional help for your move',
  description,
  children,
}: TEmptyOrdersProps) {
  return (
    <Card py={48} data-testid="orders-empty">
      <EmptyState
        variant="light"
        size="lg"
        icon={<IconTruckDelivery size={30} stroke={1.6} />}
        title={title}
        description={description}
      >
        {children}
      </EmptyState>
    </Card>
  );
}
