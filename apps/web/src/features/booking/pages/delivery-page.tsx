import { Stack, Text, Title } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import { useForm } from '@mantine/form';
import { lazy, Suspense, startTransition, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FullPageLoader } from '../../../components/full-page-loader.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { afterNextPaint } from '../../../lib/after-next-paint.ts';
import { withAllStyles } from '../../../lib/all-styles.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { DeliveryKindTiles } from '../components/delivery-kind-tiles.tsx';
import {
  initialDeliveryDraft,
  isDeliveryKind,
  readDeliveryDraft,
  type TDeliveryDraft,
  type TDeliveryKind,
  writeDeliveryDraft,
  writeDeliveryPhotos,
} from '../lib/delivery-draft.ts';

/*
 * The page's first view is its title and the three tiles; the form under them (delivery-form.tsx)
 * is most of the page's code and downloads once the first view is painted, so a phone draws the
 * page before it has the schema, the date picker, the selects and the phone mask. The form's
 * state lives here, so the tiles and the form share it and it is kept in this tab from the start.
 */
const DeliveryForm = lazy(() =>
  withAllStyles(import('../components/delivery-form.tsx')).then((m) => ({ default: m.DeliveryForm })),
);

const formLoader = <FullPageLoader label="Loading the form…" />;

/**
 * /delivery: book a delivery (Store Delivery, Move a Few Items, Used Item Delivery). Public: a
 * visitor fills the form and signs in or signs up only to book; the form is kept in this tab
 * meanwhile. The server prices it live (once signed in as a customer) and again when booking.
 */
export function DeliveryPage() {
  usePageTitle('Book a delivery');
  const [params, setParams] = useSearchParams();
  const auth = useAuth();
  const user = auth.status === 'authenticated' ? auth.session.user : null;
  const booked = useRef(false);
  // The form's checks arrive with the form (they need the shared schema); nothing is checked before.
  const validator = useRef<(values: TDeliveryDraft) => FormErrors>(() => ({}));

  const [{ initial, restored }] = useState<{ initial: TDeliveryDraft; restored: boolean }>(() => {
    const type = params.get('type');
    const kind = isDeliveryKind(type) ? type : null;
    const kept = readDeliveryDraft();
    if (kept) return { initial: kind ? { ...kept, kind } : kept, restored: true };
    return { initial: initialDeliveryDraft(kind), restored: false };
  });
  const form = useForm<TDeliveryDraft>({
    initialValues: initial,
    validate: (values) => validator.current(values),
    validateInputOnBlur: true,
  });
  const values = form.values;
  const { setFieldValue } = form;

  // Keep the form in this tab (photos only when they change: they can be large).
  useEffect(() => {
    if (!booked.current) writeDeliveryDraft(values);
  }, [values]);
  useEffect(() => {
    if (!booked.current) writeDeliveryPhotos(values.item_photos);
  }, [values.item_photos]);

  // The address names the chosen kind, so a reload or a shared link keeps it.
  useEffect(() => {
    if (values.kind && params.get('type') !== values.kind)
      setParams({ type: values.kind }, { replace: true });
  }, [values.kind, params, setParams]);

  // A signed-in customer's phone fills an empty one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per signed-in user.
  useEffect(() => {
    if (user?.role === 'customer' && user.phone && !form.getValues().phone.trim())
      setFieldValue('phone', user.phone);
  }, [user?.id]);

  // Asked for after the first paint: a download started while the first view renders would
  // compete with it (and its styles would hold the paint back).
  const [formWanted, setFormWanted] = useState(false);
  useEffect(() => afterNextPaint(() => startTransition(() => setFormWanted(true))), []);

  function chooseKind(kind: TDeliveryKind) {
    setFieldValue('kind', kind);
  }

  return (
    <Stack gap="lg" data-testid="delivery-page">
      <div>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          Book a delivery
        </Title>
        <Text c="dimmed" mt={4} maw={720}>
          A helper with the right vehicle picks your items up and brings them where you want them. You see the
          price before you book, and local helpers bid to take it.
        </Text>
      </div>

      <DeliveryKindTiles value={values.kind} onChange={chooseKind} />

      <Suspense fallback={formLoader}>
        {formWanted ? (
          <DeliveryForm form={form} validator={validator} booked={booked} restored={restored} />
        ) : (
          formLoader
        )}
      </Suspense>
    </Stack>
  );
}
