import '@mantine/dropzone/styles.css';
import { BREAKPOINTS } from '@haulpro/shared/constants';
import { PAYOUT_FILES, PAYOUT_MSG } from '@haulpro/shared/delivery';
import {
  DELIVERY_LIMITS,
  payoutFilesError,
  uniquePayoutFiles,
  ZPayoutNote,
} from '@haulpro/shared/delivery-input';
import type { TDeliveryView } from '@haulpro/shared/delivery-view';
import { MSG } from '@haulpro/shared/messages';
import { ActionIcon, Group, Modal, SegmentedControl, Stack, Text, Textarea, ThemeIcon } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { type FormErrors, schemaResolver, useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileTypePdf, IconPhoto, IconSignature, IconTrash, IconUpload, IconX } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { FormFooter } from '../../../components/form-footer.tsx';
import { formatMoney } from '../../../components/money.tsx';
import type { TSignatureHandle } from '../../../components/signature-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSubmitPayout } from '../api/submit-payout.ts';

// The signature box (and signature_pad with it) downloads only when someone picks it.
const SignatureField = lazy(() =>
  import('../../../components/signature-field.tsx').then((m) => ({ default: m.SignatureField })),
);

const PHONE_QUERY = `(max-width: ${(BREAKPOINTS.sm - 0.2) / 16}em)`;
const MAX_BYTES = 10 * 1024 * 1024;
const ACCEPT = { 'image/jpeg': ['.jpg', '.jpeg'], 'image/png': ['.png'], 'application/pdf': ['.pdf'] };
const TYPE_MSG = 'Files must be jpg, jpeg, png or pdf';

type TMode = 'files' | 'sign';
type TPayoutForm = { mode: TMode; files: File[]; helper_note: string };

const SIGN_MSG = 'Ask the customer to sign in the box above.';
const resolveNote = schemaResolver(ZPayoutNote, { sync: true });

/** The shared note schema, the shared file rule, and a signature when the customer signs here. */
function payoutErrors(v: TPayoutForm, unsigned: boolean): FormErrors {
  const errors = resolveNote({ helper_note: v.helper_note });
  const signing = v.mode === 'sign';
  // Signed on the device, documents are extras (0 to 5); otherwise 1 to 5 are required.
  const files = !signing || v.files.length > 0 ? payoutFilesError(v.files) : null;
  if (files) errors.files = files;
  if (signing && unsigned) errors.signature = SIGN_MSG;
  return errors;
}

const tooMany = (files: File[]) => (files.length > PAYOUT_FILES.max ? PAYOUT_MSG.files : null);

function sizeLabel(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

function rejectionMessage(rejections: FileRejection[]): string {
  const tooLarge = rejections.some((r) => r.errors.some((e) => e.code === 'file-too-large'));
  return tooLarge ? MSG.fileTooLarge : TYPE_MSG;
}

type TPayoutModalProps = {
  delivery: TDeliveryView | null;
  onClose: () => void;
};

/**
 * Get Paid (spec: payout submission modal): 1 to 5 documents (jpg, jpeg, png, pdf, 10 MB each; the
 * same name and size counted once) and an optional note, sent as multipart to POST
 * deliveries/{id}/complete. Beyond the spec, the customer may sign on this device instead: the
 * server draws the signature into the letter's PDF, so the files are optional then.
 */
export function PayoutModal({ delivery, onClose }: TPayoutModalProps) {
  const fullScreen = useMediaQuery(PHONE_QUERY) ?? false;
  const submit = useSubmitPayout();
  const form = useForm<TPayoutForm>({ initialValues: { mode: 'files', files: [], helper_note: '' } });
  const { mode, files, helper_note: note } = form.values;
  const errors = form.errors;
  const [duplicates, setDuplicates] = useState<string[]>([]);
  const signature = useRef<TSignatureHandle>(null);
  const opened = delivery !== null;
  const { reset } = submit;
  const { reset: resetForm } = form;

  useEffect(() => {
    if (!opened) return;
    resetForm();
    setDuplicates([]);
    reset();
  }, [opened, reset, resetForm]);

  function add(dropped: File[]) {
    const all = uniquePayoutFiles([...files, ...dropped]);
    const kept = new Set(all);
    setDuplicates(dropped.filter((f) => !kept.has(f)).map((f) => f.name));
    form.setFieldValue('files', all);
    form.setFieldError('files', tooMany(all));
  }

  function remove(file: File) {
    const next = files.filter((f) => f !== file);
    form.setFieldValue('files', next);
    setDuplicates([]);
    form.setFieldError('files', tooMany(next));
  }

  async function send() {
    if (!delivery) return;
    const signing = mode === 'sign';
    const next = payoutErrors(form.getValues(), signature.current?.isEmpty() ?? true);
    form.setErrors(next);
    if (Object.keys(next).length > 0) return;
    const blob = signing ? await signature.current?.toBlob() : null;
    submit.mutate(
      { id: delivery.id, files: uniquePayoutFiles(files), helperNote: note, signature: blob ?? null },
      {
        onSuccess: onClose,
        onError: (err) => {
          if (!(err instanceof ApiError)) return;
          form.setErrors({
            files: err.field('files'),
            helper_note: err.field('helper_note'),
            signature: err.field('signature'),
          });
        },
      },
    );
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Get Paid"
      size="lg"
      centered
      fullScreen={fullScreen}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      data-testid="payout-modal"
    >
      {delivery ? (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void send();
          }}
        >
          <Stack gap="md">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                #{delivery.id} · {delivery.items_name}
              </Text>
              <Text size="sm" fw={700} c="teal.9">
                Total Payout {formatMoney(delivery.invoice.total_payout)}
              </Text>
            </Group>
            <Text size="sm" c="dimmed">
              Send the letter the customer signed. An admin checks it, the customer confirms, and then you're
              paid.
            </Text>
            <SegmentedControl
              fullWidth
              value={mode}
              onChange={(v) => {
                form.setFieldValue('mode', v === 'sign' ? 'sign' : 'files');
                form.clearErrors();
              }}
              data={[
                { value: 'files', label: 'Upload letter' },
                { value: 'sign', label: 'Sign on device' },
              ]}
              aria-label="How the customer confirms the delivery"
            />

            {mode === 'sign' ? (
              <Stack gap={6}>
                <Group gap={6}>
                  <IconSignature size={18} />
                  <Text size="sm" fw={600}>
                    Customer signs on this device
                  </Text>
                </Group>
                <Suspense fallback={<Text size="sm">Loading the signature box…</Text>}>
                  <SignatureField
                    ref={signature}
                    onChange={(signed) => {
                      if (signed) form.clearFieldError('signature');
                    }}
                    error={typeof errors.signature === 'string' ? errors.signature : undefined}
                  />
                </Suspense>
              </Stack>
            ) : null}

            <Stack gap={6}>
              <Text size="sm" fw={600} id="payout-files-label">
                {mode === 'sign' ? 'Photos or documents (optional)' : 'Signed letter or photos'}
                {mode === 'files' ? (
                  <Text span c="red" aria-hidden>
                    {' '}
                    *
                  </Text>
                ) : null}
              </Text>
              <Dropzone
                onDrop={add}
                onReject={(r) => form.setFieldError('files', rejectionMessage(r))}
                maxSize={MAX_BYTES}
                accept={ACCEPT}
                multiple
                aria-labelledby="payout-files-label"
                data-testid="payout-dropzone"
                style={errors.files ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}
              >
                <Group justify="center" gap="md" mih={96} style={{ pointerEvents: 'none' }} wrap="nowrap">
                  <Dropzone.Accept>
                    <IconUpload size={36} color="var(--mantine-color-teal-6)" />
                  </Dropzone.Accept>
                  <Dropzone.Reject>
                    <IconX size={36} color="var(--mantine-color-red-6)" />
                  </Dropzone.Reject>
                  <Dropzone.Idle>
                    <IconUpload size={36} color="var(--mantine-color-dimmed)" />
                  </Dropzone.Idle>
                  <Stack gap={2}>
                    <Text size="sm" fw={600}>
                      Drop files here or tap to choose
                    </Text>
                    <Text size="xs" c="dimmed">
                      {PAYOUT_FILES.min} to {PAYOUT_FILES.max} files: jpg, jpeg, png or pdf, 10 MB each
                    </Text>
                  </Stack>
                </Group>
              </Dropzone>
              {errors.files ? (
                <Text size="sm" c="red.7" role="alert" data-testid="payout-files-error">
                  {errors.files}
                </Text>
              ) : null}
              {duplicates.length > 0 ? (
                <Text size="xs" c="dimmed" data-testid="payout-duplicates">
                  Already added, counted once: {duplicates.join(', ')}
                </Text>
              ) : null}
              {files.length > 0 ? (
                <Stack
                  gap={4}
                  component="ul"
                  p={0}
                  m={0}
                  style={{ listStyle: 'none' }}
                  data-testid="payout-files"
                >
                  {files.map((file) => (
                    <Group
                      key={`${file.name}:${file.size}`}
                      component="li"
                      gap="sm"
                      wrap="nowrap"
                      p={6}
                      style={{
                        border: '1px solid var(--mantine-color-default-border)',
                        borderRadius: 'var(--mantine-radius-sm)',
                      }}
                    >
                      <ThemeIcon
                        variant="light"
                        color={file.type === 'application/pdf' ? 'red' : 'blue'}
                        size="md"
                      >
                        {file.type === 'application/pdf' ? (
                          <IconFileTypePdf size={16} />
                        ) : (
                          <IconPhoto size={16} />
                        )}
                      </ThemeIcon>
                      <Text size="sm" style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                        {file.name}
                      </Text>
                      <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                        {sizeLabel(file.size)}
                      </Text>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${file.name}`}
                        onClick={() => remove(file)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  ))}
                </Stack>
              ) : null}
            </Stack>

            <Textarea
              label="Note for the reviewer (optional)"
              placeholder="Anything the admin should know"
              autosize
              minRows={2}
              maxRows={6}
              {...form.getInputProps('helper_note')}
              description={`${note.length}/${DELIVERY_LIMITS.maxNote}`}
            />
            <FormFooter
              onCancel={onClose}
              submitLabel="Submit for payout"
              submit={{ loading: submit.isPending, color: 'teal' }}
            />
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}
