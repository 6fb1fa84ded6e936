import { DELIVERY_LIMITS, ZDeliveryInput } from '@haulpro/shared/delivery-input';
import { MSG } from '@haulpro/shared/messages';
import { Alert, Box, Button, Checkbox, Grid, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { FormAlert } from '../../../components/form-alert.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { useCreateDelivery } from '../api/create-delivery.ts';
import { useDeliveryQuote } from '../api/get-delivery-quote.ts';
import classes from '../components/booking.module.css';
import { CustomerGate } from '../components/customer-gate.tsx';
import { DeliveryAddressCard } from '../components/delivery-address-card.tsx';
import { DeliveryContactSection } from '../components/delivery-contact-section.tsx';
import { DeliveryItemsSection } from '../components/delivery-items-section.tsx';
import { DeliveryKindTiles } from '../components/delivery-kind-tiles.tsx';
import { DeliveryPriceSummary, type TPriceState } from '../components/delivery-price-summary.tsx';
import { DeliverySection } from '../components/delivery-section.tsx';
import { DeliveryVehiclePicker } from '../components/delivery-vehicle-picker.tsx';
import { DeliveryWhenSection } from '../components/delivery-when-section.tsx';
import { ItemPhotos } from '../components/item-photos.tsx';
import { deliveryAttemptKey, endDeliveryAttempt } from '../lib/delivery-attempt.ts';
import {
  clearDeliveryDraft,
  deliveryErrors,
  initialDeliveryDraft,
  isDeliveryKind,
  loadWeight,
  quoteRequest,
  readDeliveryDraft,
  type TDeliveryDraft,
  type TDeliveryKind,
  toDeliveryInput,
  writeDeliveryDraft,
  writeDeliveryPhotos,
} from '../lib/delivery-draft.ts';
import { showFirstError, splitErrors } from '../lib/delivery-errors.ts';

const NOTES_HINT: Record<TDeliveryKind | 'none', string> = {
  store_delivery: 'Order number, pickup desk, who to ask for at the store…',
  few_items: 'Parking, gate codes, fragile pieces…',
  used_item: 'The seller’s name, whether the item is paid for, parking…',
  none: 'Parking, gate codes, fragile pieces…',
};
const PICKUP_HINT: Record<TDeliveryKind | 'none', string> = {
  store_delivery: 'The store where your helper collects the order.',
  few_items: 'Where your helper picks the items up.',
  used_item: 'The seller’s address.',
  none: 'Where your helper picks the items up.',
};

/**
 * /delivery: book a delivery (Store Delivery, Move a Few Items, Used Item Delivery). Public: a
 * visitor fills the form and signs in or signs up only to book; the form is kept in this tab
 * meanwhile. The server prices it live (once signed in as a customer) and again when booking.
 */
export function DeliveryPage() {
  usePageTitle('Book a delivery');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const auth = useAuth();
  const user = auth.status === 'authenticated' ? auth.session.user : null;
  const isCustomer = user?.role === 'customer';
  const gateRef = useRef<HTMLDivElement>(null);
  const booked = useRef(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [gateNote, setGateNote] = useState(false);
  const create = useCreateDelivery();

  const [initial] = useState<TDeliveryDraft>(() => {
    const type = params.get('type');
    const kind = isDeliveryKind(type) ? type : null;
    const restored = readDeliveryDraft();
    if (restored) return kind ? { ...restored, kind } : restored;
    return initialDeliveryDraft(kind);
  });
  const form = useForm<TDeliveryDraft>({
    initialValues: initial,
    validate: deliveryErrors,
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

  // The live price: asked 400 ms after the last change, once the load, the vehicle and the ZIPs are known.
  const request = useMemo(() => quoteRequest(values), [values]);
  const requestKey = JSON.stringify(request.body);
  const [debouncedKey] = useDebouncedValue(requestKey, 400);
  const body = useMemo(
    () => JSON.parse(debouncedKey) as ReturnType<typeof quoteRequest>['body'],
    [debouncedKey],
  );
  const quote = useDeliveryQuote(body);
  const settled = debouncedKey === requestKey;
  // The quote's verdict on the form as it is now (a 422: too heavy for the vehicle, an unknown ZIP).
  const quoteSplit = useMemo(
    () =>
      settled && quote.error instanceof ApiError && quote.error.status === 422
        ? splitErrors(quote.error)
        : null,
    [settled, quote.error],
  );
  const quoteErrors = quoteSplit?.placed ?? {};
  const errorOf = (path: string): string | undefined => {
    const own = form.errors[path];
    return typeof own === 'string' ? own : quoteErrors[path];
  };

  const loadLbs = loadWeight(values.items);
  // Whether a card can be chosen comes with the price (null until the first price arrives).
  const cardAvailable = quote.data?.electronic_payments ?? null;
  useEffect(() => {
    if (cardAvailable === false && values.payment_method === 'electronic')
      setFieldValue('payment_method', 'cash');
  }, [cardAvailable, values.payment_method, setFieldValue]);

  const priceState: TPriceState = (() => {
    if (!request.body) return { kind: 'needs', needs: request.needs };
    if (quote.error && settled) {
      const message =
        quote.error instanceof ApiError
          ? (Object.values(quote.error.errors)[0]?.[0] ?? quote.error.message)
          : 'We could not get the price. Please try again.';
      return { kind: 'error', message };
    }
    if (quote.data) return { kind: 'price', quote: quote.data, updating: quote.isFetching || !settled };
    return { kind: 'loading' };
  })();

  function chooseKind(kind: TDeliveryKind) {
    setFieldValue('kind', kind);
  }

  function book() {
    setSubmitError(null);
    setGateNote(false);
    const checked = form.validate();
    if (checked.hasErrors) {
      showFirstError();
      return;
    }
    if (!user) {
      setGateNote(true);
      gateRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      return;
    }
    if (!isCustomer || booked.current || create.isPending) return;
    const parsed = ZDeliveryInput.safeParse(toDeliveryInput(form.getValues()));
    if (!parsed.success) return;
    const idempotencyKey = deliveryAttemptKey(JSON.stringify(parsed.data));
    create.mutate(
      { input: parsed.data, idempotencyKey },
      {
        onSuccess: (answer) => {
          booked.current = true;
          endDeliveryAttempt();
          clearDeliveryDraft();
          if (answer.checkout_url) window.location.assign(answer.checkout_url);
          else navigate(`/user-dashboard?delivery_id=${answer.delivery.id}`);
        },
        onError: (error) => {
          if (!(error instanceof ApiError)) {
            setSubmitError('Something went wrong. Please try again.');
            return;
          }
          // This key already booked other details (its answer lost): say so; the next press is new.
          if (error.field('idempotency_key')) {
            endDeliveryAttempt();
            setSubmitError(MSG.bookingMaybePlaced);
            return;
          }
          const { placed, unplaced } = splitErrors(error);
          form.setErrors(placed);
          setSubmitError(unplaced[0] ?? (Object.keys(placed).length === 0 ? error.message : null));
          showFirstError();
        },
      },
    );
  }

  const kindKey = values.kind ?? 'none';
  const summaryProps = { state: priceState, values, loadLbs };

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

      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg" data-delivery-form>
            <DeliverySection
              step={1}
              title="Items"
              description="Weight is per piece, sizes in feet. Up to 20 items."
              testId="section-items"
            >
              <DeliveryItemsSection form={form} errorOf={errorOf} />
              <ItemPhotos
                photos={values.item_photos}
                onChange={(photos) => setFieldValue('item_photos', photos)}
                error={errorOf('item_photos')}
              />
            </DeliverySection>

            <DeliverySection step={2} title="Vehicle" testId="section-vehicle">
              <DeliveryVehiclePicker
                value={values.vehicle_type}
                onChange={(v) => {
                  setFieldValue('vehicle_type', v);
                  form.clearFieldError('vehicle_type');
                }}
                loadLbs={loadLbs}
                error={errorOf('vehicle_type')}
              />
            </DeliverySection>

            <DeliverySection
              step={3}
              title="Pickup"
              description={PICKUP_HINT[kindKey]}
              testId="section-pickup"
            >
              <DeliveryAddressCard form={form} which="pickup" errorOf={errorOf}>
                <Checkbox
                  mt="md"
                  label="The pickup is inside a home"
                  description="Your helper comes in and carries the items out."
                  {...form.getInputProps('is_home_move', { type: 'checkbox' })}
                />
              </DeliveryAddressCard>
            </DeliverySection>

            <DeliverySection
              step={4}
              title="Destination"
              description="Where your helper brings the items."
              testId="section-destination"
            >
              <DeliveryAddressCard form={form} which="destination" errorOf={errorOf} />
            </DeliverySection>

            <DeliveryWhenSection form={form} errorOf={errorOf} />

            <DeliverySection step={6} title="Notes for your helper" testId="section-notes">
              <Textarea
                size="md"
                aria-label="Notes for your helper"
                placeholder={NOTES_HINT[kindKey]}
                description={`${values.notes.length} / ${DELIVERY_LIMITS.maxNote} characters`}
                autosize
                minRows={3}
                maxRows={8}
                maxLength={DELIVERY_LIMITS.maxNote}
                {...form.getInputProps('notes')}
                error={errorOf('notes')}
              />
            </DeliverySection>

            <DeliveryContactSection form={form} errorOf={errorOf} cardAvailable={cardAvailable} />

            <Box hiddenFrom="md">
              <DeliveryPriceSummary {...summaryProps} testId="price-summary-mobile" />
            </Box>

            <FormAlert message={submitError} />

            <CustomerGate
              name=""
              email=""
              gateRef={gateRef}
              note={
                gateNote ? (
                  <Alert color="blue" variant="light" mb="sm" role="status" data-testid="gate-note">
                    Your delivery is ready. Sign in or create an account to book it.
                  </Alert>
                ) : null
              }
            />

            <Group justify="flex-end">
              <Button
                size="lg"
                leftSection={<IconCheck size={20} />}
                onClick={book}
                loading={create.isPending}
                disabled={user !== null && !isCustomer}
                fullWidth
                maw={{ sm: 320 }}
                data-testid="book-delivery"
              >
                Book delivery
              </Button>
            </Group>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }} className={classes.sticky} visibleFrom="md">
          <DeliveryPriceSummary {...summaryProps} testId="price-summary" />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
