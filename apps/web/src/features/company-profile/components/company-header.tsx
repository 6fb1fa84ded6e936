import { helperListUrl } from '@haulpro/shared/navigation';
import { Avatar, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { Link } from 'react-router';
import { RatingLine } from '../../../components/rating-line.tsx';
import { initials } from '../../../lib/crew.ts';
import type { TPublicBranch } from '../api/get-public-branch.ts';
import { tomorrow } from '../lib/format.ts';
import classes from './public-company.module.css';

/** Logo, names, rating, place and "Get a price". */
export function CompanyHeader({ branch }: { branch: TPublicBranch }) {
  const place = [branch.city, branch.state].filter(Boolean).join(', ');
  const priceUrl = helperListUrl({
    from_zip: branch.zip_code,
    to_zip: branch.zip_code,
    from_date: tomorrow(),
    type_service: 2,
    type_moving: 1,
  });
  return (
    <Card padding="lg" px={{ base: 'md', sm: 'xl' }} py={{ base: 'lg', sm: 'xl' }} radius="md" withBorder>
      <div className={classes.header}>
        <Group gap="md" wrap="nowrap" align="flex-start" style={{ minWidth: 0, flex: '1 1 20rem' }}>
          <Avatar
            src={branch.logo}
            alt={`${branch.company_name} logo`}
            size={72}
            radius="md"
            color="blue"
            variant="light"
            className={classes.logo}
          >
            {initials(branch.company_name)}
          </Avatar>
          <Stack gap={6} style={{ minWidth: 0 }}>
            <div>
              <Title
                order={1}
                fz={{ base: 22, sm: 28 }}
                lh={1.2}
                className={classes.wrap}
                data-testid="company-name"
              >
                {branch.company_name}
              </Title>
              <Text c="dimmed" size="md" className={classes.wrap} data-testid="branch-name">
                {branch.branch_name}
              </Text>
            </div>
            <RatingLine
              rating={branch.rating}
              reviews={branch.reviews_count}
              wrap="wrap"
              testId="company-rating"
            />
            {place ? (
              <Group gap={4} wrap="nowrap">
                <IconMapPin
                  size={16}
                  color="var(--mantine-color-dimmed)"
                  aria-hidden
                  style={{ flex: 'none' }}
                />
                <Text size="sm" c="dimmed" data-testid="company-place">
                  {place}
                </Text>
              </Group>
            ) : null}
          </Stack>
        </Group>
        <Button
          component={Link}
          to={priceUrl}
          size="md"
          className={classes.priceButton}
          data-testid="get-price"
        >
          Get a price
        </Button>
      </div>
    </Card>
  );
}
