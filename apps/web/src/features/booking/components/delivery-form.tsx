import { DELIVERY_LIMITS } from '@haulpro/shared/delivery-limits';
import { MSG } from '@haulpro/shared/messages';
import { Alert, Box, Button, Checkbox, Grid, Group, Stack, Textarea } from '@mantine/core';
import type { FormErrors, UseFormReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck } from '@tabler/icons-react';
import { type RefObject, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { FormAlert } from '../../../components/form-alert.tsx';
import { Stage, Stages } from '../../../components/form-stages.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { lazyModule, useLoadedOnTouch } from '../../../lib/lazy-schema.ts';
import { useCreateDelivery } from '../api/create-delivery.ts';
import { useDeliveryQuote } from '../api/get-delivery-quote.ts';
import { deliveryAttemptKey, endDeliveryAttempt } from '../lib/delivery-attempt.ts';
import {
  clearDeliveryDraft,
  loadWeight,
  priceNeedsBeforeChecks,
  type TDeliveryDraft,
  type TDeliveryKind,
} from '../lib/delivery-draft.ts';
import { showFirstError, splitErrors } from '../lib/delivery-errors.ts';
import classes from './booking.module.css';
import { CustomerGate } from './customer-gate.tsx';
import { DeliveryAddressCard } from './delivery-address-card.tsx';
import { DeliveryContactSection } from './delivery-contact-section.tsx';
import { DeliveryItemsSection } from './delivery-items-section.tsx';
import { DeliveryPriceSummary, type TPriceState } from './delivery-price-summary.tsx';
import { DeliverySection } from './delivery-section.tsx';
import { DeliveryVehiclePicker } from './delivery-vehicle-picker.tsx';
import { DeliveryWhenSection } from './delivery-when-section.tsx';
import { ItemPhotos } from './item-photos.tsx';

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

/*
 * The form's checks against the shared schema (zod, and the schemas it is built from): on a slow
 * phone evaluating them is a task of a few hundred milliseconds, so they download at the
 * visitor's first touch of the page (or at once for a form kept from earlier in this tab), the
 * way the other entry pages load theirs (lib/lazy-schema.ts). Until then nothing is checked, the
 * price lists what it still needs (`priceNeedsBeforeChecks`), and a booking waits for them.
 */
const deliveryChecks = lazyModule(() => import('../lib/delivery-checks.ts'));

type TDeliveryFormProps = {
  form: UseFormReturnType<TDeliveryDraft>;
  /** The form's checks: set here, where the shared schema (zod) is, and read by the page's form. */
  validator: RefObject<(values: TDeliveryDraft) => FormErrors>;
  /** Whether the visitor has booked: the page then stops keeping the form in this tab. */
  booked: RefObject<boolean>;
  /** Whether the form was kept from earlier in this tab: its values are checked at once. */
  restored: boolean;
};

/**
 * The delivery form below the page's title and tiles (delivery-page.tsx): the six steps, the live
 * price, the sign-in gate and the booking. Its own chunk, downloaded right after the page's first
 * paint: it holds most of the page's code (the schema, the date picker, the selects, the phone mask).
 */
export function DeliveryForm({ form, validator, booked, restored }: TDeliveryFormProps) {
  const navigate = useNavigate();
  const auth = useAuth();
  const user = auth.status === 'authenticated' ? auth.session.user : null;
  const isCustomer = user?.role === 'customer';
  const gateRef = useRef<HTMLDivElement>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [gateNote, setGateNote] = useState(false);
  const create = useCreateDelivery();
  const values = form.values;
  const { setFieldValue } = form;
  const checks = useLoadedOnTouch(deliveryChecks, restored);
  useLayoutEffect(() => {
    if (checks) validator.current = checks.deliveryErrors;
  }, [checks, validator]);

  // The live price: asked 400 ms after the last change, once the load, the vehicle and the ZIPs are known.
  const request = useMemo(
    () => (checks ? checks.quoteRequest(values) : { body: null, needs: priceNeedsBeforeChecks(values) }),
    [checks, values],
  );
  const requestKey = JSON.stringify(request.body);
  const [debouncedKey] = useDebouncedValue(requestKey, 400);
  const body = useMemo(() => JSON.parse(debouncedKey) as typeof request.body, [debouncedKey]);
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

  async function book() {
    setSubmitError(null);
    setGateNote(false);
    let loaded: Awaited<ReturnType<typeof deliveryChecks.get>>;
    try {
      loaded = await deliveryChecks.get();
    } catch (error) {
      setSubmitError(error instanceof ApiError ? error.message : 'Something went wrong. Please try again.');
      return;
    }
    validator.current = loaded.deliveryErrors;
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
    const input = loaded.parseDeliveryInput(form.getValues());
    if (!input) return;
    const idempotencyKey = deliveryAttemptKey(JSON.stringify(input));
    create.mutate(
      { input, idempotencyKey },
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
    <Stages>
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
              <Stage>
                <ItemPhotos
                  photos={values.item_photos}
                  onChange={(photos) => setFieldValue('item_photos', photos)}
                  error={errorOf('item_photos')}
                />
              </Stage>
            </DeliverySection>

            <Stage>
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
            </Stage>

            <Stage>
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
            </Stage>

            <Stage>
              <DeliverySection
                step={4}
                title="Destination"
                description="Where your helper brings the items."
                testId="section-destination"
              >
                <DeliveryAddressCard form={form} which="destination" errorOf={errorOf} />
              </DeliverySection>
            </Stage>

            <Stage>
              <DeliveryWhenSection form={form} errorOf={errorOf} />
            </Stage>

            <Stage>
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
            </Stage>

            <Stage>
              <DeliveryContactSection form={form} errorOf={errorOf} cardAvailable={cardAvailable} />
            </Stage>

            <Stage>
              <Box hiddenFrom="md">
                <DeliveryPriceSummary {...summaryProps} testId="price-summary-mobile" />
              </Box>
            </Stage>

            <Stage>
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
            </Stage>

            <Stage>
              <Group justify="flex-end">
                <Button
                  size="lg"
                  leftSection={<IconCheck size={20} />}
                  onClick={() => void book()}
                  loading={create.isPending}
                  disabled={user !== null && !isCustomer}
                  fullWidth
                  maw={{ sm: 320 }}
                  data-testid="book-delivery"
                >
                  Book delivery
                </Button>
              </Group>
            </Stage>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }} className={classes.sticky} visibleFrom="md">
          <Stage>
            <DeliveryPriceSummary {...summaryProps} testId="price-summary" />
          </Stage>
        </Grid.Col>
      </Grid>
    </Stages>
  );
}
