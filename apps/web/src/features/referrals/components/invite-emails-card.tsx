import {
  INVITES_PER_REQUEST,
  REFERRAL_MSG,
  type TReferralEmail,
  validInviteEmails,
} from '@haulpro/shared/referral';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Stack,
  TagsInput,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconMailForward, IconTrash, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { confirmDelete } from '../../../components/confirm-delete.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { dayjs } from '../../../lib/dayjs.ts';
import { useDeleteReferral } from '../api/delete-referral.ts';
import { useInviteEmails } from '../api/invite-emails.ts';

type TProps = { pending: TReferralEmail[]; approved: TReferralEmail[] };

/** Messages of a refused POST referrals, each naming its e-mail ("a@b.c: This email is already invited"). */
function inviteErrors(error: unknown, sent: string[]): string[] {
  if (!(error instanceof ApiError)) return ['Something went wrong. Please try again.'];
  const lines = Object.entries(error.errors).flatMap(([key, messages]) => {
    const index = /^emails\.(\d+)$/.exec(key)?.[1];
    const email = index === undefined ? null : sent[Number(index)];
    return messages.map((m) => (email ? `${email}: ${m}` : m));
  });
  return lines.length ? lines : [error.message];
}

/** E-mail invitations: several addresses at once (only valid ones kept) and the table of invited people. */
export function InviteEmailsCard({ pending, approved }: TProps) {
  const [emails, setEmails] = useState<string[]>([]);
  const [dropped, setDropped] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const invite = useInviteEmails();
  const remove = useDeleteReferral();
  const rows = [...approved, ...pending].sort(
    (a, b) => b.updated_at.localeCompare(a.updated_at) || b.id - a.id,
  );

  function change(values: string[]) {
    const kept = validInviteEmails(values.join(' ')).slice(0, INVITES_PER_REQUEST);
    // Said from the first dropped entry until the list is sent or cleared.
    if (kept.length < values.length) setDropped(true);
    else if (!values.length) setDropped(false);
    setEmails(kept);
    setErrors([]);
  }

  function send() {
    if (!emails.length) return;
    const sent = emails;
    invite.mutate(sent, {
      onSuccess: () => {
        setEmails([]);
        setDropped(false);
      },
      onError: (error) => setErrors(inviteErrors(error, sent)),
    });
  }

  function askDelete(r: TReferralEmail) {
    confirmDelete({
      title: 'Delete referral',
      question: REFERRAL_MSG.deleteConfirm,
      onConfirm: () => remove.mutate(r.id),
    });
  }

  return (
    <Card withBorder radius="md" padding="lg" data-testid="invite-emails-card">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg">
            Invite by email
          </Title>
          <Text size="sm" c="dimmed">
            Enter one or more emails (press Enter, a comma or a space after each). Each gets your invitation
            with your code.
          </Text>
        </div>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            send();
          }}
        >
          <Stack gap="sm">
            <TagsInput
              label="Emails"
              placeholder={emails.length ? '' : 'friend@example.com, pal@example.com'}
              value={emails}
              onChange={change}
              splitChars={[',', ' ', ';']}
              acceptValueOnBlur
              clearable
              description={dropped ? 'Only valid emails are kept.' : undefined}
              error={errors.length ? errors.join(' · ') : undefined}
              data-testid="invite-emails-input"
            />
            <Button
              type="submit"
              leftSection={<IconMailForward size={16} />}
              disabled={!emails.length}
              loading={invite.isPending}
              style={{ alignSelf: 'flex-start' }}
            >
              Send invitations
            </Button>
          </Stack>
        </form>

        <Title order={3} fz="md">
          Invited people
        </Title>
        {rows.length === 0 ? (
          <Stack align="center" gap={4} py="lg" data-testid="invites-empty">
            <IconUsers size={28} stroke={1.5} aria-hidden color="var(--mantine-color-gray-6)" />
            <Text fw={600}>No invitations yet</Text>
            <Text size="sm" c="dimmed" ta="center">
              People you invite show here as Not Responded until they sign up with your code.
            </Text>
          </Stack>
        ) : (
          <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="invites-list">
            {rows.map((r) => (
              <Group
                component="li"
                key={r.id}
                justify="space-between"
                wrap="wrap"
                gap="xs"
                py="xs"
                style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
                data-testid="invite-row"
              >
                {/* On a phone the status goes under the e-mail rather than squeezing it. */}
                <div style={{ minWidth: 0, flex: '1 1 12rem' }}>
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {r.referred_email}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {dayjs(r.updated_at).format('MMM D, YYYY')}
                  </Text>
                </div>
                <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
                  <Badge color={r.is_approved ? 'teal' : 'gray'} variant="light">
                    {r.is_approved ? REFERRAL_MSG.responded : REFERRAL_MSG.notResponded}
                  </Badge>
                  {r.is_approved ? null : (
                    <Tooltip label="Delete">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Delete the invitation of ${r.referred_email}`}
                        onClick={() => askDelete(r)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
