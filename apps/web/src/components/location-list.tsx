import { searchBranches } from '@haulpro/shared/branch';
import { companyPagePath } from '@haulpro/shared/navigation';
import type { TBranchSummary } from '@haulpro/shared/user';
import {
  ActionIcon,
  Box,
  Button,
  Group,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import {
  IconBuildingStore,
  IconCheck,
  IconExternalLink,
  IconMapPinOff,
  IconPlus,
  IconSearch,
  IconStarFilled,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import classes from './location-list.module.css';

type TLocationListProps = {
  /** The company's branches, main first. */
  branches: TBranchSummary[];
  /** The active branch, or null for All Branches. */
  activeId: number | null;
  onSelect: (branchId: number | null) => void;
  onAddLocation: () => void;
  /** Where the list scrolls: a height for the modal; none on the full page. */
  maxHeight?: number | string;
};

/**
 * The location list (spec: Company dashboard and orders): search by name, All Branches,
 * the branches (main first, with a star), 'Branch not found', Add a location, and a link to
 * each branch's public company page. Used by the selector's modal and by /choose-branch.
 */
export function LocationList({ branches, activeId, onSelect, onAddLocation, maxHeight }: TLocationListProps) {
  const [query, setQuery] = useState('');
  const found = searchBranches(branches, query);

  const rows = (
    <Stack gap={4} component="ul" className={classes.list} aria-label="Locations">
      <li>
        <Row
          active={activeId === null}
          onClick={() => onSelect(null)}
          icon={
            <ThemeIcon variant="light" radius="xl" size={32}>
              <IconBuildingStore size={18} />
            </ThemeIcon>
          }
          title="All Branches"
          subtitle="Every location of your company"
        />
      </li>
      {found.map((branch) => (
        <li key={branch.id} className={classes.item}>
          <Row
            active={activeId === branch.id}
            onClick={() => onSelect(branch.id)}
            icon={
              <ThemeIcon variant="light" radius="xl" size={32} color={branch.is_main ? 'yellow' : 'blue'}>
                {branch.is_main ? (
                  <IconStarFilled size={16} aria-hidden />
                ) : (
                  <Text fw={700} size="sm" aria-hidden>
                    {branch.name.charAt(0).toUpperCase()}
                  </Text>
                )}
              </ThemeIcon>
            }
            title={branch.name}
            subtitle={`${branch.is_main ? 'Main branch · ' : ''}Zip code ${branch.zip_code}`}
          />
          <Tooltip label="View company page" openDelay={300} withinPortal>
            <ActionIcon
              component={Link}
              to={companyPagePath(branch.slug)}
              variant="subtle"
              color="gray"
              size="lg"
              radius="xl"
              aria-label={`View the company page of ${branch.name}`}
              className={classes.link}
            >
              <IconExternalLink size={18} />
            </ActionIcon>
          </Tooltip>
        </li>
      ))}
    </Stack>
  );

  return (
    <Stack gap="sm">
      <TextInput
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        placeholder="Search locations"
        aria-label="Search locations"
        leftSection={<IconSearch size={16} />}
        size="sm"
        data-autofocus
      />
      {maxHeight ? (
        <ScrollArea.Autosize mah={maxHeight} type="auto" offsetScrollbars>
          {rows}
        </ScrollArea.Autosize>
      ) : (
        rows
      )}
      {found.length === 0 ? (
        <Group gap="xs" justify="center" py="md" c="dimmed" data-testid="branch-not-found">
          <IconMapPinOff size={18} />
          <Text size="sm">Branch not found</Text>
        </Group>
      ) : null}
      <Button variant="light" leftSection={<IconPlus size={16} />} onClick={onAddLocation} fullWidth>
        Add a location
      </Button>
    </Stack>
  );
}

type TRowProps = {
  active: boolean;
  onClick: () => void;
  icon: ReactNode;
  title: string;
  subtitle: string;
};

function Row({ active, onClick, icon, title, subtitle }: TRowProps) {
  return (
    <UnstyledButton
      onClick={onClick}
      className={classes.row}
      data-active={active || undefined}
      aria-pressed={active}
      data-location-row
    >
      <Group gap="sm" wrap="nowrap">
        {icon}
        <Box className={classes.text}>
          <Text fw={600} size="sm" className={classes.name}>
            {title}
          </Text>
          <Text size="xs" c="dimmed">
            {subtitle}
          </Text>
        </Box>
        {active ? <IconCheck size={18} className={classes.check} aria-hidden /> : null}
      </Group>
    </UnstyledButton>
  );
}
