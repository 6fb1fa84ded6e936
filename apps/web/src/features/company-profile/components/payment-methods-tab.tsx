import { MSG } from '@haulpro/shared/messages';
import {
  PAYMENT_BRAND_LABEL,
  PAYMENT_METHOD_BRANDS,
  paymentMethodBrand,
} from '@haulpro/shared/payment-method-brands';
import {
  FEE_TYPES,
  PAYMENT_METHOD_NAME_MAX,
  type TCompanySettings,
  type TFeeType,
} from '@haulpro/shared/pricing';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  EmptyState,
  Group,
  NumberInput,
  SegmentedControl,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import { IconBuildingSkyscraper, IconCreditCard, IconPlus, IconTrash } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { PaymentMethodIcon } from '../../../components/payment-method-icon.tsx';
import { SettingsFooter, SettingsTab } from '../../../components/settings-form.tsx';
import { splitApiError } from '../../../lib/form-errors.ts';
import { newRowKey } from '../../../lib/row-key.ts';
import {
  type TPaymentSettingsInput,
  useCompanyPaymentSettings,
  useSavePaymentSettings,
} from '../api/payment-settings.ts';

type TMethodRow = { key: string; uuid: string | null; name: string; is_active: boolean };
type TPaymentValues = { methods: TMethodRow[]; fee: number | string; icon: TFeeType };

function fromSettings(s: TCompanySettings): TPaymentValues {
  return {
    methods: s.payment_methods.map((m) => ({
      key: m.uuid,
      uuid: m.uuid,
      name: m.name,
      is_active: m.is_active,
    })),
    fee: s.payment_methods_fee,
    icon: s.payment_methods_icon,
  };
}

function toInput(v: TPaymentValues): TPaymentSettingsInput {
  return {
    payment_methods: v.methods.map((m) => ({
      ...(m.uuid ? { uuid: m.uuid } : {}),
      name: m.name.trim(),
      is_active: m.is_active,
    })),
    // An empty fee means no fee.
    payment_methods_fee: v.fee === '' ? 0 : v.fee,
    payment_methods_icon: v.icon,
  };
}

/** The spec's rules, with its messages: name required and at most 30; the fee positive only. */
function validate(v: TPaymentValues): FormErrors {
  const errors: FormErrors = {};
  v.methods.forEach((m, i) => {
    const name = m.name.trim();
    if (name === '') errors[`methods.${i}.name`] = MSG.paymentMethodRequired;
    else if (name.length > PAYMENT_METHOD_NAME_MAX) errors[`methods.${i}.name`] = MSG.maxLength30;
  });
  if (v.fee !== '' && (typeof v.fee !== 'number' || !Number.isFinite(v.fee) || v.fee < 0))
    errors.fee = MSG.onlyPositive;
  return errors;
}

/** Server field -> form field. */
const SERVER_FIELD = (key: string) =>
  key === 'payment_methods_fee'
    ? 'fee'
    : key === 'payment_methods_icon'
      ? 'icon'
      : key.replace(/^payment_methods\./, 'methods.');

/** /profile Payment methods tab: the company's methods, each active or not, and the card fee. */
export function PaymentMethodsTab({ companyId }: { branchId: number; companyId: number }) {
  return (
    <SettingsTab
      query={useCompanyPaymentSettings(companyId)}
      what="the payment methods"
      loadingLabel="Loading payment methods"
      skeleton={[0, 1, 2].map((i) => <Skeleton key={i} h={56} />)}
    >
      {(settings) => <PaymentMethodsForm companyId={companyId} settings={settings} />}
    </SettingsTab>
  );
}

function PaymentMethodsForm({ companyId, settings }: { companyId: number; settings: TCompanySettings }) {
  const save = useSavePaymentSettings();
  const form = useForm<TPaymentValues>({
    initialValues: fromSettings(settings),
    validateInputOnBlur: true,
    validate,
  });
  const rows = form.values.methods;
  const known = new Set(rows.map((r) => paymentMethodBrand(r.name)).filter(Boolean));
  const suggestions = PAYMENT_METHOD_BRANDS.filter((b) => !known.has(b));

  function addRow(name = '') {
    form.insertListItem('methods', { key: newRowKey(), uuid: null, name, is_active: true });
    if (name) return;
    // Focus the new row's name once it is rendered.
    window.setTimeout(() => {
      const inputs = document.querySelectorAll<HTMLInputElement>('[data-method-name]');
      inputs[inputs.length - 1]?.focus();
    }, 0);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    // Methods with an empty name are dropped on save (spec); the rest must be valid.
    const next = { ...form.values, methods: form.values.methods.filter((m) => m.name.trim() !== '') };
    const errors = validate(next);
    form.setValues(next);
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) return;
    const input = toInput(next);
    const fields = [
      'payment_methods_fee',
      'payment_methods_icon',
      ...input.payment_methods.map((_, i) => `payment_methods.${i}.name`),
    ];
    try {
      const saved = fromSettings(await save.mutateAsync({ companyId, input, fields }));
      form.setInitialValues(saved);
      form.setValues(saved);
      form.resetDirty(saved);
    } catch (error) {
      const { fieldErrors } = splitApiError(error, fields);
      form.setErrors(Object.fromEntries(Object.entries(fieldErrors).map(([k, v]) => [SERVER_FIELD(k), v])));
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Payment methods">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Stack gap={2} style={{ flex: '1 1 16rem', minWidth: 0 }}>
            <Title order={2} fz="lg">
              Payment methods
            </Title>
            <Text size="sm" c="dimmed">
              How customers can pay your crews. Active methods are shown on your public page.
            </Text>
          </Stack>
          {rows.length > 0 ? (
            <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => addRow()}>
              Add method
            </Button>
          ) : null}
        </Group>

        <Alert variant="light" color="gray" icon={<IconBuildingSkyscraper size={18} />} p="sm">
          <Text size="sm">These methods and the fee apply to every location of {settings.name}.</Text>
        </Alert>

        {rows.length === 0 ? (
          <Card py={32} withBorder={false} bg="gray.0">
            <EmptyState
              variant="light"
              size="lg"
              icon={<IconCreditCard size={30} stroke={1.6} />}
              title="No payment methods yet"
              description="Add the ways customers can pay you, such as Visa, Zelle or Venmo."
            >
              <Button leftSection={<IconPlus size={16} />} onClick={() => addRow()}>
                Add method
              </Button>
            </EmptyState>
          </Card>
        ) : (
          <Stack gap="xs" data-testid="method-list">
            {rows.map((row, i) => (
              <Card key={row.key} padding="sm" radius="md" withBorder data-testid="method-row">
                <Group gap="sm" wrap="wrap" align="flex-start">
                  <Group gap="sm" wrap="nowrap" align="flex-start" style={{ flex: '1 1 14rem', minWidth: 0 }}>
                    <div style={{ paddingTop: 6 }}>
                      <PaymentMethodIcon name={row.name} height={24} />
                    </div>
                    <TextInput
                      aria-label="Payment method name"
                      placeholder="e.g. Visa"
                      size="sm"
                      data-method-name
                      style={{ flex: 1, minWidth: 0 }}
                      {...form.getInputProps(`methods.${i}.name`)}
                    />
                  </Group>
                  <Group gap="xs" wrap="nowrap" ml="auto" pt={4}>
                    <Switch
                      label="Active"
                      size="md"
                      aria-label={`${row.name.trim() || 'New method'} active`}
                      {...form.getInputProps(`methods.${i}.is_active`, { type: 'checkbox' })}
                    />
                    <Tooltip label="Remove" openDelay={400}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="lg"
                        onClick={() => form.removeListItem('methods', i)}
                        aria-label={`Remove ${row.name.trim() || 'this method'}`}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Group>
              </Card>
            ))}
          </Stack>
        )}

        {suggestions.length > 0 ? (
          <Stack gap={6}>
            <Text size="sm" fw={500} id="method-suggestions">
              Quick add
            </Text>
            <Group gap={6} role="group" aria-labelledby="method-suggestions">
              {suggestions.map((b) => (
                <Button
                  key={b}
                  variant="default"
                  size="compact-sm"
                  leftSection={<PaymentMethodIcon name={b} height={16} />}
                  onClick={() => addRow(PAYMENT_BRAND_LABEL[b])}
                >
                  {PAYMENT_BRAND_LABEL[b]}
                </Button>
              ))}
            </Group>
          </Stack>
        ) : null}

        <Card padding="sm" radius="md" withBorder>
          <Stack gap="xs">
            <div>
              <Text fw={600} size="sm">
                Card payment fee
              </Text>
              <Text size="xs" c="dimmed">
                Added to electronic payments: a fixed amount ($) or a share of the total (%).
              </Text>
            </div>
            <Group gap="sm" align="flex-start" wrap="wrap">
              <NumberInput
                label="Fee"
                size="sm"
                maw={180}
                decimalScale={2}
                hideControls
                inputMode="decimal"
                leftSection={form.values.icon === '$' ? '$' : undefined}
                rightSection={form.values.icon === '%' ? '%' : undefined}
                {...form.getInputProps('fee')}
              />
              <Stack gap={4}>
                <Text size="sm" fw={500} id="fee-type-label">
                  Fee type
                </Text>
                <SegmentedControl
                  aria-labelledby="fee-type-label"
                  data={FEE_TYPES.map((t) => ({ value: t, label: t === '$' ? '$ amount' : '% of total' }))}
                  {...form.getInputProps('icon')}
                />
              </Stack>
            </Group>
          </Stack>
        </Card>

        <SettingsFooter form={form} saving={save.isPending} />
      </Stack>
    </form>
  );
}
