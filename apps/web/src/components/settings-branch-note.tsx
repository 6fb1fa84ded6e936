import type { TBranchSummary } from '@haulpro/shared/user';
import { Alert, Text } from '@mantine/core';
import { IconInfoCircle, IconMapPin } from '@tabler/icons-react';

type TSettingsBranchNoteProps = {
  branch: TBranchSummary;
  isFallback: boolean;
  /** What is set per location, e.g. "Prices". */
  what: string;
};

/**
 * Which location a per-branch settings page edits. With All Branches active it explains that
 * the main branch is shown and how to choose another one.
 */
export function SettingsBranchNote({ branch, isFallback, what }: TSettingsBranchNoteProps) {
  if (isFallback) {
    return (
      <Alert
        color="blue"
        variant="light"
        icon={<IconInfoCircle size={20} />}
        title={`${what} are set per location`}
        mb="lg"
        data-testid="settings-branch-note"
      >
        All Branches is selected, so you are editing the main branch,{' '}
        <Text span fw={700} inherit>
          {branch.name}
        </Text>
        . Pick another location with the branch selector above.
      </Alert>
    );
  }
  return (
    <Text size="sm" c="dimmed" mb="md" data-testid="settings-branch-note">
      <IconMapPin size={14} style={{ verticalAlign: '-2px', marginRight: 4 }} aria-hidden />
      {what} for{' '}
      <Text span fw={600} c="dark" inherit>
        {branch.name}
      </Text>
    </Text>
  );
}
