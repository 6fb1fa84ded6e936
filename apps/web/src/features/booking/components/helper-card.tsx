import type { THelperListItem } from '@haulpro/shared/booking';
import { companyPagePath } from '@haulpro/shared/navigation';
import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Box,
  Button,
  Card,
  Collapse,
  Divider,
  Grid,
  Group,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconCalendarX,
  IconChevronDown,
  IconClock,
  IconMapPin,
  IconTruck,
  IconUsers,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatMoney } from '../../../components/money.tsx';
import { RatingLine } from '../../../components/rating-line.tsx';
import { crewLabel, initials } from '../../../lib/crew.ts';
import classes from './booking.module.css';
import { formatHours, formatPrice, QuoteBreakdown } from './quote-breakdown.tsx';

type THelperCardProps = { item: THelperListItem; bookTo: string };

/** One company in the helper list: who, how far, the crew, the price (with its breakdown) and Book. */
export function HelperCard({ item, bookTo }: THelperCardProps) {
  const [open, details] = useDisclosure(false);
  const place = [item.city, item.state].filter(Boolean).join(', ');
  const detailsId = `quote-details-${item.branch_id}`;
  return (
    <Card
      className={classes.helperCard}
      padding="lg"
      px={{ base: 'md', sm: 'lg' }}
      data-testid="helper-card"
      data-branch-id={item.branch_id}
      data-total={item.quote.total}
      data-rating={item.rating}
    >
      <Grid gap="md" align="center">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Group gap="md" wrap="nowrap" align="flex-start">
            <Avatar
              src={item.logo}
              alt=""
              size={56}
              radius="md"
              color="blue"
              variant="light"
              style={{ flex: 'none' }}
            >
              {initials(item.company_name)}
            </Avatar>
            <Stack gap={6} style={{ minWidth: 0 }}>
              <div>
                <Title order={3} fz="lg" lh={1.25} data-testid="helper-company">
                  {item.company_name}
                </Title>
                <Text size="sm" c="dimmed" truncate>
                  {item.branch_name}
                  {place ? ` · ${place}` : ''}
                </Text>
              </div>
              <RatingLine rating={item.rating} reviews={item.reviews_count} />
              <Group gap={6} wrap="wrap">
                <Badge variant="light" color="gray" leftSection={<IconMapPin size={12} />} tt="none">
                  {item.distance_miles.toFixed(1)} mi away
                </Badge>
                <Badge
                  variant="light"
                  color="blue"
                  leftSection={
                    item.quote.truck_number > 0 ? <IconTruck size={12} /> : <IconUsers size={12} />
                  }
                  tt="none"
                  data-testid="helper-crew"
                >
                  {crewLabel(item)}
                </Badge>
                <Badge variant="light" color="gray" leftSection={<IconClock size={12} />} tt="none">
                  {formatMoney(item.quote.hourly)}/h
                </Badge>
              </Group>
            </Stack>
          </Group>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <div className={classes.priceColumn}>
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
                Estimated total
              </Text>
              <Text fz={28} fw={800} lh={1.15} data-testid="helper-total">
                {formatPrice(item.quote.total)}
              </Text>
              <Text size="xs" c="dimmed">
                {formatHours(item.quote.billable_hours)} · {item.quote.helpers_count} helpers
              </Text>
            </div>
            <Button
              component={Link}
              to={bookTo}
              size="md"
              className={classes.bookButton}
              data-testid="helper-book"
              disabled={item.full !== null && !item.full.next_date}
              variant={item.full ? 'light' : 'filled'}
            >
              {item.full?.next_arrival_time ? `Book ${item.full.next_arrival_time}` : 'Book'}
            </Button>
          </div>
        </Grid.Col>
      </Grid>
      {item.full ? (
        <Alert
          mt="md"
          color="orange"
          variant="light"
          icon={<IconCalendarX size={18} />}
          title="This window is full"
          data-testid="helper-full"
        >
          {item.full.message}
        </Alert>
      ) : null}
      <Divider my="md" />
      <Group justify="space-between" gap="sm">
        <UnstyledButton onClick={details.toggle} aria-expanded={open} aria-controls={detailsId}>
          <Group gap={4} wrap="nowrap">
            <Text size="sm" fw={600} c="blue.8">
              {open ? 'Hide price details' : 'Price details'}
            </Text>
            <IconChevronDown
              size={16}
              color="var(--mantine-color-blue-7)"
              style={{ transform: open ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
              aria-hidden
            />
          </Group>
        </UnstyledButton>
        <Anchor component={Link} to={companyPagePath(item.slug)} size="sm" fw={600}>
          View profile
        </Anchor>
      </Group>
      <Collapse expanded={open} id={detailsId}>
        <Box pt="md" maw={420}>
          <QuoteBreakdown quote={item.quote} />
        </Box>
      </Collapse>
    </Card>
  );
}
