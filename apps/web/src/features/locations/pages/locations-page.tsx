import { sortBranches, type TBranch, type TBranchSort } from '@haulpro/shared/branch';
import { Alert, Button, Card, EmptyState, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconMapPinPlus, IconPlus, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { confirmDelete } from '../../../components/confirm-delete.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCompanyBranches, useLiveBranches } from '../../../lib/company-branches.ts';
import { useDeleteBranch } from '../api/delete-branch.ts';
import { BranchCard } from '../components/branch-card.tsx';
import { BranchFormModal } from '../components/branch-form-modal.tsx';
import { BranchSortMenu } from '../components/branch-sort-menu.tsx';

type TFormState = { opened: boolean; branch: TBranch | null };

const GRID_COLS = { base: 1, sm: 2, lg: 3 };

/**
 * /locations (spec: Locations): the company's branches, main branch first with a star; Add
 * Location, Edit, Delete (not for the main branch) and a Sort by menu.
 */
export function LocationsPage() {
  const branches = useCompanyBranches();
  // The list just loaded is also the freshest copy for the header's branch selector.
  useLiveBranches(true);
  const remove = useDeleteBranch();
  const [sort, setSort] = useState<TBranchSort | null>(null);
  // The modal keeps its branch while it closes, so the form does not flash to "new".
  const [form, setForm] = useState<TFormState>({ opened: false, branch: null });

  const list = branches.data ? (sort ? sortBranches(branches.data, sort) : branches.data) : [];

  function askDelete(branch: TBranch) {
    confirmDelete({
      title: 'Delete location',
      question: 'Are you sure you want to delete this branch?',
      onConfirm: () => remove.mutate(branch.id),
    });
  }

  const addButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ opened: true, branch: null })}>
      Add Location
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Locations"
        description="Your company's branches and the area each one serves."
        actions={
          <>
            <BranchSortMenu value={sort} onChange={setSort} />
            {addButton}
          </>
        }
      />
      {branches.isPending ? (
        <SimpleGrid cols={GRID_COLS} spacing="lg" role="status" aria-label="Loading locations">
          {[0, 1, 2].map((i) => (
            <Card key={i} padding="lg">
              <Card.Section>
                <Skeleton h={180} radius={0} />
              </Card.Section>
              <Stack gap="sm" mt="md">
                <Skeleton h={20} w="70%" />
                <Skeleton h={14} w="90%" />
                <Skeleton h={60} />
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      ) : branches.isError ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={20} />}
          title="We couldn't load your locations"
          role="alert"
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{branches.error.message}</Text>
            <Button
              variant="light"
              color="red"
              size="xs"
              leftSection={<IconRefresh size={14} />}
              onClick={() => void branches.refetch()}
              loading={branches.isFetching}
            >
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : list.length === 0 ? (
        <Card py={48}>
          <EmptyState
            variant="light"
            size="lg"
            icon={<IconMapPinPlus size={30} stroke={1.6} />}
            title="No locations yet"
            description="Add your first branch to start receiving orders in its area."
          >
            {addButton}
          </EmptyState>
        </Card>
      ) : (
        <SimpleGrid cols={GRID_COLS} spacing="lg" data-testid="branch-grid">
          {list.map((branch) => (
            <BranchCard
              key={branch.id}
              branch={branch}
              onEdit={(b) => setForm({ opened: true, branch: b })}
              onDelete={askDelete}
            />
          ))}
        </SimpleGrid>
      )}
      <BranchFormModal
        opened={form.opened}
        branch={form.branch}
        onClose={() => setForm((f) => ({ ...f, opened: false }))}
      />
    </>
  );
}
