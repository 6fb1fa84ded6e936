import { ACCOUNT_MSG, DELETE_CONFIRM_WORD } from '@haulpro/shared/account';
import { Alert, Button, Group, List, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { signOut } from '../../../lib/auth-store.ts';
import { useDeleteAccount } from '../api/delete-account.ts';

/**
 * Danger zone: closing the account. Typing `delete` enables Delete (spec); the server revokes the
 * sessions and removes the personal data, keeping the history customers need; then the spec's
 * toast "Account deleted successfully" and sign-out.
 */
export function DangerZoneTab({ userId }: { userId: number }) {
  const [open, setOpen] = useState(false);
  return (
    <Stack gap="md" maw={720}>
      <Title order={2} fz="lg" c="red.8">
        Delete account
      </Title>
      <Text size="sm">When you delete your account:</Text>
      <List size="sm" spacing={4}>
        <List.Item>you are signed out everywhere and cannot sign in again;</List.Item>
        <List.Item>
          your name, e-mail, phone, photo, address and social security number are removed;
        </List.Item>
        <List.Item>deliveries you completed stay in your customers' history under "Deleted user".</List.Item>
      </List>
      <Group>
        <Button
          color="red"
          variant="outline"
          leftSection={<IconTrash size={16} />}
          onClick={() => setOpen(true)}
        >
          Delete account
        </Button>
      </Group>
      <DeleteAccountModal userId={userId} opened={open} onClose={() => setOpen(false)} />
    </Stack>
  );
}

function DeleteAccountModal({
  userId,
  opened,
  onClose,
}: {
  userId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const remove = useDeleteAccount(userId);
  const navigate = useNavigate();
  const confirmed = typed.trim() === DELETE_CONFIRM_WORD;

  async function submit() {
    setProblem(null);
    try {
      await remove.mutateAsync(typed.trim());
      signOut();
      navigate('/login', { replace: true });
    } catch (error) {
      // A 409 (accepted deliveries to finish) is shown here as well as toasted.
      setProblem(error instanceof ApiError ? error.message : ACCOUNT_MSG.deleteConfirm);
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={() => {
        setTyped('');
        setProblem(null);
        onClose();
      }}
      title="Delete your account?"
      centered
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (confirmed) void submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm">
            This cannot be undone. Type <b>{DELETE_CONFIRM_WORD}</b> to confirm.
          </Text>
          <TextInput
            label="Confirmation"
            placeholder={DELETE_CONFIRM_WORD}
            autoComplete="off"
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            data-autofocus
          />
          {problem ? (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
              {problem}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red" disabled={!confirmed} loading={remove.isPending}>
              Delete
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
