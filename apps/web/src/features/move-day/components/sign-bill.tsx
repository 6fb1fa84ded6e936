import type { TJobView } from '@haulpro/shared/move-day';
import { Alert, Button, Card, Stack, Text } from '@mantine/core';
import { IconCash, IconSignature } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { SignatureField, type TSignatureHandle } from '../../../components/signature-field.tsx';
import { TipConfirmModal } from '../../../components/tip-confirm-modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { type TSignAnswer, useSignJob } from '../api/sign-job.ts';

function toDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

type TSignBillProps = {
  userId: number;
  job: TJobView;
  cash: boolean;
  onSigned: (answer: TSignAnswer) => void;
};

/**
 * The customer signs the final bill on the crew's phone, then chooses a tip; Submit records both
 * and completes the order. A card declined for the balance offers "Collected in cash".
 */
export function SignBill({ userId, job, cash, onSigned }: TSignBillProps) {
  const pad = useRef<TSignatureHandle>(null);
  const sign = useSignJob(userId, job.order_id);
  const [signed, setSigned] = useState(false);
  const [padError, setPadError] = useState<string | undefined>();
  const [tipOpen, setTipOpen] = useState(false);
  const [tip, setTip] = useState(0);
  const [declined, setDeclined] = useState<string | null>(null);
  const [signature, setSignature] = useState<string | null>(null);

  async function toTip() {
    const blob = await pad.current?.toBlob();
    if (!blob) {
      setPadError('Sign in the box first.');
      return;
    }
    setSignature(await toDataUrl(blob));
    setTipOpen(true);
  }

  async function submit(chosenTip: number, collectCash: boolean) {
    if (!signature) return;
    setTip(chosenTip);
    try {
      const answer = await sign.mutateAsync({
        signature,
        ...(chosenTip > 0 ? { tip: chosenTip } : {}),
        ...(collectCash || cash ? { collect_cash: true } : {}),
      });
      setTipOpen(false);
      onSigned(answer);
    } catch (error) {
      if (error instanceof ApiError && error.field('balance')) {
        setTipOpen(false);
        setDeclined(error.field('balance') ?? error.message);
      } else if (error instanceof ApiError && error.field('signature')) {
        setTipOpen(false);
        setPadError(error.field('signature'));
      }
    }
  }

  return (
    <Card withBorder radius="md" padding="md" data-testid="sign-bill">
      <Stack gap="sm">
        <Text component="h2" fw={700} fz="lg">
          Customer signature
        </Text>
        <SignatureField
          ref={pad}
          onChange={(v) => {
            setSigned(v);
            if (v) setPadError(undefined);
          }}
          error={padError}
          hint="By signing, the customer agrees to the final bill above."
          failedText="The signature box could not load. Reload the page to try again."
        />
        {declined ? (
          <Alert
            color="orange"
            variant="light"
            icon={<IconCash size={20} />}
            role="alert"
            data-testid="balance-declined"
          >
            <Stack gap="xs">
              <Text size="sm" c="dark.8">
                {declined}
              </Text>
              <Button loading={sign.isPending} onClick={() => void submit(tip, true)}>
                Collected in cash
              </Button>
            </Stack>
          </Alert>
        ) : (
          <Button
            size="lg"
            fullWidth
            leftSection={<IconSignature size={20} />}
            disabled={!signed}
            onClick={() => void toTip()}
          >
            Continue to the tip
          </Button>
        )}
      </Stack>
      <TipConfirmModal
        opened={tipOpen}
        title="A tip for the crew?"
        price={job.bill.total}
        cash={cash}
        loading={sign.isPending}
        serverError={sign.error instanceof ApiError ? sign.error.field('tip') : undefined}
        onClose={() => setTipOpen(false)}
        onConfirm={(t) => void submit(t, false)}
      />
    </Card>
  );
}
