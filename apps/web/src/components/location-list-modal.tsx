import { LOCATIONS_PATH } from '@haulpro/shared/navigation';
import { Modal, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useActiveBranch } from '../lib/active-branch.ts';
import { useLiveBranches } from '../lib/company-branches.ts';
import { LocationList } from './location-list.tsx';

type TLocationListModalProps = { opened: boolean; onClose: () => void };

/** The location list in a modal (desktop): choosing a location switches the active branch and closes. */
export function LocationListModal({ opened, onClose }: TLocationListModalProps) {
  const { branchId, branches, select } = useActiveBranch();
  const navigate = useNavigate();
  useLiveBranches(opened);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size={480}
      title={
        <Text fw={700} fz="lg">
          Locations
        </Text>
      }
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <LocationList
        branches={branches}
        activeId={branchId}
        maxHeight="min(26rem, 60dvh)"
        onSelect={(id) => {
          select(id);
          onClose();
        }}
        onAddLocation={() => {
          onClose();
          navigate(LOCATIONS_PATH);
        }}
      />
    </Modal>
  );
}
