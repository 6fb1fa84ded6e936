import { BREAKPOINTS } from '@haulpro/shared/constants';
import { CHOOSE_BRANCH_PATH } from '@haulpro/shared/navigation';
import { branchNameMaxFor, cutText } from '@haulpro/shared/text';
import { Button, Text, VisuallyHidden } from '@mantine/core';
import { useDisclosure, useViewportSize } from '@mantine/hooks';
import { IconChevronDown, IconMapPin } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useActiveBranch } from '../lib/active-branch.ts';
import { LocationListModal } from './location-list-modal.tsx';

const PHONE_QUERY = `(max-width: ${(BREAKPOINTS.sm - 0.2) / 16}em)`;

/**
 * The branch selector of the staff pages (spec: "a branch selector, default All Branches").
 * On desktop it opens the location list modal; on phones (below sm) it goes to the
 * /choose-branch page, which comes back after choosing.
 */
export function BranchSelector() {
  const { branch } = useActiveBranch();
  const [opened, modal] = useDisclosure(false);
  const navigate = useNavigate();
  const { width } = useViewportSize();
  const label = branch ? cutText(branch.name, branchNameMaxFor(width || BREAKPOINTS.lg)) : 'All Branches';

  function open() {
    if (window.matchMedia(PHONE_QUERY).matches) navigate(CHOOSE_BRANCH_PATH);
    else modal.open();
  }

  return (
    <>
      <Button
        variant="default"
        onClick={open}
        leftSection={<IconMapPin size={18} stroke={1.8} />}
        rightSection={<IconChevronDown size={16} />}
        title={branch?.name}
        data-testid="branch-selector"
        maw="100%"
      >
        {/* The name is the whole branch, the cut name and ZIP only its picture. Not an aria-label:
            axe wants a label's visible words inside it, and "Demo Mov..." is not. */}
        <VisuallyHidden>Branch: {branch ? branch.name : 'All Branches'}</VisuallyHidden>
        <span aria-hidden="true">
          <Text span fw={600} size="sm">
            {label}
          </Text>
          {branch ? (
            <Text span size="xs" c="dimmed" ml={6} visibleFrom="sm">
              {branch.zip_code}
            </Text>
          ) : null}
        </span>
      </Button>
      <LocationListModal opened={opened} onClose={modal.close} />
    </>
  );
}
