import { Box, Card, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClock, IconCurrencyDollar, IconShieldCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './auth-shell.module.css';
import { Brand } from './brand.tsx';
import { usePageTitle } from './use-page-title.ts';

type TAuthShellProps = {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Wider card for longer forms (sign-up). */
  wide?: boolean;
};

const SELLING_POINTS = [
  { icon: IconShieldCheck, text: 'Vetted moving companies and helpers, reviewed by real customers' },
  { icon: IconCurrencyDollar, text: 'Clear prices up front, no surprises on moving day' },
  { icon: IconClock, text: 'Every order, reschedule and payout in one place' },
];

/** The frame of the sign-in, sign-up and password pages: a brand panel beside the form (no navbar). */
export function AuthShell({ title, description, children, wide = false }: TAuthShellProps) {
  usePageTitle(title);
  return (
    <div className={classes.root}>
      <aside className={classes.aside}>
        <Brand size="lg" inverted />
        <Stack gap="xl" maw={440}>
          <Title order={2} c="white" fz={38} lh={1.15}>
            Moving and delivery help, without the heavy lifting.
          </Title>
          <List spacing="md" size="md" center>
            {SELLING_POINTS.map(({ icon: Icon, text }) => (
              <List.Item
                key={text}
                c="blue.0"
                icon={
                  <ThemeIcon size={30} radius="xl" variant="white" color="blue.8">
                    <Icon size={17} />
                  </ThemeIcon>
                }
              >
                {text}
              </List.Item>
            ))}
          </List>
        </Stack>
        <Text size="sm" c="blue.1">
          © {new Date().getFullYear()} Haulpro
        </Text>
      </aside>
      <main className={classes.main}>
        <Box className={classes.panel} maw={wide ? '36rem' : undefined}>
          <Box className={classes.mobileBrand} mb="xl">
            <Brand />
          </Box>
          <Card shadow="sm" padding="xl" px={{ base: 'md', sm: 'xl' }} py={{ base: 'lg', sm: 'xl' }}>
            <Stack gap={6} mb="lg">
              <Title order={1} fz={{ base: 24, sm: 28 }}>
                {title}
              </Title>
              {description ? <Text c="dimmed">{description}</Text> : null}
            </Stack>
            {children}
          </Card>
        </Box>
      </main>
    </div>
  );
}
