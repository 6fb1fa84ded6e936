import { describePolicy } from '@haulpro/shared/cancellation-words';
import type { TCancellationTier } from '@haulpro/shared/payouts';
import { List, Text } from '@mantine/core';

/** A company's late-cancellation policy in words (decision 029): the public page and the booking's last step. */
export function CancellationPolicyLines({ tiers }: { tiers: readonly TCancellationTier[] }) {
  return (
    <>
      <List size="sm" spacing={2} data-testid="cancellation-policy">
        {describePolicy(tiers).map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
      <Text size="xs" c="dimmed" mt={6}>
        Kept from a card payment when you cancel a job the company accepted, by how close to the arrival
        window you cancel. Cash jobs are never charged.
      </Text>
    </>
  );
}
