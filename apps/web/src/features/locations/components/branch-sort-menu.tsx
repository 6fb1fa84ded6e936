import { BRANCH_SORT_LABELS, BRANCH_SORTS, type TBranchSort } from '@haulpro/shared/branch';
import { Button, Menu } from '@mantine/core';
import { IconArrowsSort, IconCheck } from '@tabler/icons-react';

type TBranchSortMenuProps = { value: TBranchSort | null; onChange: (sort: TBranchSort) => void };

/** Sort by (spec: Name, Zip Code, Area radius); the main branch stays first whatever the order. */
export function BranchSortMenu({ value, onChange }: TBranchSortMenuProps) {
  return (
    <Menu position="bottom-end" shadow="md" width={200} withinPortal>
      <Menu.Target>
        <Button variant="default" leftSection={<IconArrowsSort size={16} />} data-testid="sort-menu-button">
          {value ? `Sort by: ${BRANCH_SORT_LABELS[value]}` : 'Sort by'}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Sort by</Menu.Label>
        {BRANCH_SORTS.map((sort) => (
          <Menu.Item
            key={sort}
            onClick={() => onChange(sort)}
            rightSection={sort === value ? <IconCheck size={16} aria-hidden /> : null}
            aria-current={sort === value || undefined}
          >
            {BRANCH_SORT_LABELS[sort]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
