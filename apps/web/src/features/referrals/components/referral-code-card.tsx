import { REFERRAL_MSG } from '@haulpro/shared/referral';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCopy, IconLink, IconMail, IconShare } from '@tabler/icons-react';
import { copyText, inviteLinks } from '../lib/copy-text.ts';

type TProps = { code: string; creditPerReferral: number };

/** The user's referral code, its two sign-up links and the share buttons (spec: Invite a friend). */
export function ReferralCodeCard({ code, creditPerReferral }: TProps) {
  const links = inviteLinks(code);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const mailto = `mailto:?subject=${encodeURIComponent('Join me on Haulpro')}&body=${encodeURIComponent(
    `Book movers and helpers on Haulpro with my referral code ${code}: ${links.clients}`,
  )}`;

  async function share() {
    try {
      await navigator.share({
        title: 'Haulpro',
        text: `Join me on Haulpro with my code ${code}`,
        url: links.clients,
      });
    } catch {
      // Closed by the user: nothing to say.
    }
  }

  return (
    <Card withBorder radius="md" padding="lg" data-testid="referral-code-card">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg">
            Your referral code
          </Title>
          <Text size="sm" c="dimmed">
            Friends sign up with it. When a customer you referred completes a first order, you earn $
            {creditPerReferral} of credit.
          </Text>
        </div>
        <Group gap="sm" wrap="wrap" align="center">
          <Text
            fw={800}
            fz={28}
            ff="monospace"
            lts={3}
            data-testid="referral-code"
            style={{ overflowWrap: 'anywhere' }}
          >
            {code || '—'}
          </Text>
          <Button
            variant="light"
            leftSection={<IconCopy size={16} />}
            onClick={() => copyText(code, REFERRAL_MSG.codeCopied)}
          >
            Copy code
          </Button>
        </Group>
        <Group gap="sm" wrap="wrap">
          <Button
            variant="default"
            leftSection={<IconLink size={16} />}
            onClick={() => copyText(code && links.clients, REFERRAL_MSG.linkCopiedClients)}
          >
            Copy link for Clients
          </Button>
          <Button
            variant="default"
            leftSection={<IconLink size={16} />}
            onClick={() => copyText(code && links.movers, REFERRAL_MSG.linkCopiedMovers)}
          >
            Copy link for Movers
          </Button>
          <Button component="a" href={mailto} variant="default" leftSection={<IconMail size={16} />}>
            Share by email
          </Button>
          {canShare ? (
            <Button variant="default" leftSection={<IconShare size={16} />} onClick={share}>
              Share…
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}
