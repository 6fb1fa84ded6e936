import { HOURS, helpersForBedrooms, SEARCH_MSG, ZBookingInput } from '@haulpro/shared/booking';
import { MSG } from '@haulpro/shared/messages';
import { Alert, Anchor, Box, Button, Card, Grid, Group, Stack, Stepper, Text, Title } from '@mantine/core';
import { type FormErrors, schemaResolver, useForm } from '@mantine/form';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconArrowLeft, IconArrowRight, IconCheck, IconLogout } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { logout } from '../../../lib/api/logout.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { dayjs } from '../../../lib/dayjs.ts';
import { useCreateBooking } from '../api/create-booking.ts';
import { useHelperQuote } from '../api/get-helper-quote.ts';
import { AddressesStep } from '../components/addresses-step.tsx';
import classes from '../components/booking.module.css';
import { BookingAuthGate } from '../components/booking-auth-gate.tsx';
import { BookingSummary } from '../components/booking-summary.tsx';
import { ContactStep } from '../components/contact-step.tsx';
import { JobStep } from '../components/job-step.tsx';
import { formatPrice } from '../components/quote-breakdown.tsx';
import { ReviewStep } from '../components/review-step.tsx';
import {
  clearDraft,
  endAttempt,
  initialDraft,
  quoteQuery,
  readDraft,
  startAttempt,
  stepOfField,
  type TBookingDraft,
  toBookingInput,
  WIZARD_STEPS,
  writeDraft,
  writeDraftPhotos,
} from '../lib/booking-draft.ts';
import { readListQuery, toQueryString } from '../lib/search-query.ts';

const STEP_LABELS = ['Job', 'Addresses', 'Contact', 'Review & pay'] as const;
const LAST = WIZARD_STEPS.length - 1;

/** The crew size closest to a wish (a larger crew wins a tie). */
function nearest(crews: number[], wish: number): number {
  return crews.reduce((best, n) => {
    const d = Math.abs(n - wish);
    const bd = Math.abs(best - wish);
    return d < bd || (d === bd && n > best) ? n : best;
  }, crews[0] ?? wish);
}

/** The schema's verdict plus "the date cannot be in the past" (the server checks both again). */
function bookingErrors(branchId: number, values: TBookingDraft): FormErrors {
  const errors = schemaResolver(ZBookingInput, { sync: true })(toBookingInput(branchId, values));
  if (values.arrival_date && !errors.arrival_date && values.arrival_date < dayjs().format('YYYY-MM-DD')) {
    errors.arrival_date = SEARCH_MSG.pastDate;
  }
  return errors;
}

function errorMessage(error: unknown): string | null {
  if (!error) return null;
  if (error instanceof ApiError) {
    const first = Object.values(error.errors)[0]?.[0];
    return first ?? error.message;
  }
  return 'We could not get the price. Please try again.';
}

/**
 * /book/:branchId: the booking wizard for one company. Public until the last step, where a
 * visitor signs in or signs up; the whole wizard is kept in sessionStorage per branch, so a
 * reload or the sign-in page never loses it. The server prices the order again at submit.
 */
export function BookPage() {
  const params = useParams();
  const branchId = Number(params.branchId);
  const { search } = useLocation();
  const navigate = useNavigate();
  const auth = useAuth();
  const user = auth.status === 'authenticated' ? auth.session.user : null;
  const query = useMemo(() => readListQuery(new URLSearchParams(search)), [search]);
  const [restored] = useState(() => readDraft(branchId, search));
  const [step, setStep] = useState(restored?.step ?? 0);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const form = useForm<TBookingDraft>({ initialValues: restored?.values ?? initialDraft(query) });
  const values = form.values;
  const booked = useRef(false);
  const topRef = useRef<HTMLDivElement>(null);
  const compact = useMediaQuery('(max-width: 33.75em)');
  const create = useCreateBooking();
  // The Idempotency-Key of this attempt at Review & pay: every press of Book now resends it.
  const attempt = useRef<string | null>(null);
  useEffect(() => {
    if (booked.current) return;
    if (step === LAST) attempt.current = startAttempt(branchId);
    else {
      attempt.current = null;
      endAttempt(branchId);
    }
  }, [branchId, step]);

  // Keep the wizard in this tab (photos only when they change: they can be large).
  useEffect(() => {
    if (!booked.current) writeDraft(branchId, search, step, values);
  }, [branchId, search, step, values]);
  useEffect(() => {
    if (!booked.current) writeDraftPhotos(branchId, values.item_photos);
  }, [branchId, values.item_photos]);

  // The live price, asked again 400 ms after the last change.
  const quoteKey = JSON.stringify(quoteQuery(values, query));
  const [debouncedKey] = useDebouncedValue(quoteKey, 400);
  const request = useMemo(() => JSON.parse(debouncedKey) as Record<string, string> | null, [debouncedKey]);
  const quote = useHelperQuote(branchId, request);
  const item = quote.data;
  const quoteError = errorMessage(quote.error);
  const blocked =
    quote.error instanceof ApiError && (quote.error.status === 404 || quote.error.status === 422);
  // The quote's field errors on the wizard's fields (its ZIPs are those of the addresses).
  const quoteErrors = useMemo(() => {
    const out: Record<string, string> = {};
    if (!(quote.error instanceof ApiError)) return out;
    for (const [key, messages] of Object.entries(quote.error.errors)) {
      const message = messages[0];
      if (!message) continue;
      if (key === 'from_zip' || key === 'to_zip') {
        const list = key === 'from_zip' ? 'pickups' : 'destinations';
        const index = values[list].findIndex((a) => a.zip_code === request?.[key]);
        if (index >= 0) out[`${list}.${index}.zip_code`] = message;
      } else out[key] = message;
    }
    return out;
  }, [quote.error, request, values]);

  usePageTitle(item ? `Book ${item.company_name}` : 'Book your move');

  const crews = useMemo(() => {
    const sizes = (item?.services ?? [])
      .filter((s) => s.service_type === values.type_service)
      .map((s) => s.employees_count);
    return [...new Set(sizes)].sort((a, b) => a - b);
  }, [item, values.type_service]);
  const crew = item?.services.find(
    (s) => s.service_type === values.type_service && s.employees_count === values.helpers_count,
  );
  const minHours = Math.max(HOURS.min, crew?.minimum_hours ?? HOURS.min);
  const electronicAvailable = item?.payment_methods.includes('electronic') ?? false;
  const { setFieldValue } = form;

  // Only crews the company offers: an unknown size becomes the closest one.
  useEffect(() => {
    if (!item || quote.isPlaceholderData || crews.length === 0) return;
    if (!crews.includes(values.helpers_count))
      setFieldValue('helpers_count', nearest(crews, values.helpers_count));
  }, [item, quote.isPlaceholderData, crews, values.helpers_count, setFieldValue]);
  // At least the crew's minimum hours.
  useEffect(() => {
    if (crew && values.hours_count < minHours) setFieldValue('hours_count', minHours);
  }, [crew, minHours, values.hours_count, setFieldValue]);
  // Card payment only when the company can take it.
  useEffect(() => {
    if (item && !electronicAvailable && values.payment_method === 'electronic')
      setFieldValue('payment_method', 'cash');
  }, [item, electronicAvailable, values.payment_method, setFieldValue]);

  // A signed-in customer's details fill an empty contact.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per signed-in user.
  useEffect(() => {
    if (user?.role !== 'customer') return;
    const now = form.getValues();
    if (!now.name.trim()) setFieldValue('name', `${user.first_name} ${user.last_name}`.trim());
    if (!now.email.trim()) setFieldValue('email', user.email);
    if (!now.phone.trim() && user.phone) setFieldValue('phone', user.phone);
  }, [user?.id]);

  function go(next: number) {
    setStep(next);
    setSubmitError(null);
    topRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }

  function changeBedrooms(bedrooms: number) {
    setFieldValue('bedrooms_count', bedrooms);
    const wish = helpersForBedrooms(bedrooms);
    setFieldValue('helpers_count', crews.length > 0 ? nearest(crews, wish) : wish);
  }

  function changeServiceType(type: number) {
    setFieldValue('type_service', type);
  }

  /** Shows the errors of the steps up to `upTo`; true when they are all valid. */
  function check(upTo: number): boolean {
    const all = bookingErrors(branchId, form.getValues());
    const shown: FormErrors = {};
    let first: number | null = null;
    for (const [key, message] of Object.entries(all)) {
      const s = stepOfField(key) ?? LAST;
      if (s > upTo) continue;
      shown[key] = message;
      first = first === null ? s : Math.min(first, s);
    }
    form.setErrors(shown);
    if (first !== null) {
      if (first !== step) go(first);
      return false;
    }
    return true;
  }

  function next() {
    if (!check(step)) return;
    // The company cannot take the job as it stands (a blocked day, a same-day move): say so here.
    const blocking = Object.entries(quoteErrors).filter(([key]) => stepOfField(key) === step);
    if (blocking.length > 0) {
      form.setErrors(Object.fromEntries(blocking));
      return;
    }
    go(step + 1);
  }

  function book() {
    setSubmitError(null);
    if (!check(LAST)) return;
    const parsed = ZBookingInput.safeParse(toBookingInput(branchId, form.getValues()));
    if (!parsed.success) return;
    attempt.current ??= startAttempt(branchId);
    create.mutate(
      { input: parsed.data, idempotencyKey: attempt.current },
      {
        onSuccess: (answer) => {
          booked.current = true;
          clearDraft(branchId);
          endAttempt(branchId);
          if (answer.checkout_url) window.location.assign(answer.checkout_url);
          else navigate(`/user-dashboard?order_id=${answer.order.id}`);
        },
        onError: (error) => {
          if (!(error instanceof ApiError)) {
            setSubmitError('Something went wrong. Please try again.');
            return;
          }
          // An earlier press of this attempt may have booked (its answer lost) before the booking
          // was changed here: say so, and let the next press be a new booking.
          if (error.field('idempotency_key')) {
            endAttempt(branchId);
            attempt.current = null;
            setSubmitError(MSG.bookingMaybePlaced);
            return;
          }
          const placed: Record<string, string> = {};
          const unplaced: string[] = [];
          let first: number | null = null;
          for (const [key, messages] of Object.entries(error.errors)) {
            const message = messages[0];
            if (!message) continue;
            const s = stepOfField(key);
            if (s === null) unplaced.push(message);
            else {
              placed[key] = message;
              first = first === null ? s : Math.min(first, s);
            }
          }
          form.setErrors(placed);
          setSubmitError(unplaced[0] ?? (first === null ? error.message : null));
          if (first !== null && first !== LAST) {
            setStep(first);
            topRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
          }
        },
      },
    );
  }

  if (!Number.isInteger(branchId) || branchId <= 0) {
    return (
      <Alert color="red" variant="light" title="This booking link is not valid">
        <Anchor component={Link} to="/helper-list">
          Search for helpers
        </Anchor>
      </Alert>
    );
  }

  const isCustomer = user?.role === 'customer';
  const backToList = `/helper-list?${toQueryString({ ...query, helpers_count: undefined, hours_count: undefined })}`;

  return (
    <Box ref={topRef} style={{ scrollMarginTop: 80 }}>
      <Group justify="space-between" align="flex-end" mb="lg" gap="sm">
        <div>
          <Anchor component={Link} to={backToList} size="sm" fw={600}>
            <Group gap={4} component="span" wrap="nowrap">
              <IconArrowLeft size={14} /> All helpers
            </Group>
          </Anchor>
          <Title order={1} fz={{ base: 22, sm: 28 }} mt={4}>
            {item ? `Book ${item.company_name}` : 'Book your move'}
          </Title>
        </div>
      </Group>

      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card padding="lg" px={{ base: 'md', sm: 'xl' }}>
            <Stepper
              active={step}
              onStepClick={(s) => {
                if (s < step) go(s);
              }}
              allowNextStepsSelect={false}
              size="sm"
              mb="xl"
            >
              {STEP_LABELS.map((l, i) => (
                <Stepper.Step
                  key={l}
                  label={compact ? undefined : l}
                  aria-label={l}
                  data-testid={`step-${i}`}
                />
              ))}
            </Stepper>
            {compact ? (
              <Text size="sm" c="dimmed" mt={-12} mb="lg">
                Step {step + 1} of {STEP_LABELS.length}: <b>{STEP_LABELS[step]}</b>
              </Text>
            ) : null}

            <Box data-testid={`wizard-${WIZARD_STEPS[step]}`}>
              {step === 0 ? (
                <JobStep
                  form={form}
                  crews={crews}
                  minHours={minHours}
                  onBedrooms={changeBedrooms}
                  onServiceType={changeServiceType}
                  quoteErrors={quoteErrors}
                />
              ) : step === 1 ? (
                <AddressesStep form={form} quoteErrors={quoteErrors} />
              ) : step === 2 ? (
                <ContactStep form={form} />
              ) : (
                <ReviewStep form={form} item={item} electronicAvailable={electronicAvailable} onEdit={go} />
              )}
            </Box>

            {step === LAST ? (
              <Stack gap="md" mt="xl">
                {submitError ? (
                  <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                    {submitError}
                  </Alert>
                ) : null}
                {blocked && quoteError ? (
                  <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />}>
                    {quoteError}
                  </Alert>
                ) : null}
                {!user ? (
                  <BookingAuthGate name={values.name} email={values.email} />
                ) : !isCustomer ? (
                  <Alert
                    color="yellow"
                    variant="light"
                    icon={<IconAlertCircle size={18} />}
                    data-testid="not-customer"
                  >
                    <Stack gap="sm" align="flex-start">
                      <Text size="sm">Sign in with a customer account to book.</Text>
                      <Button
                        size="xs"
                        variant="light"
                        color="yellow"
                        leftSection={<IconLogout size={14} />}
                        onClick={() => void logout()}
                      >
                        Sign out
                      </Button>
                    </Stack>
                  </Alert>
                ) : null}
              </Stack>
            ) : null}

            {quoteError && step < LAST ? (
              <Alert
                color="orange"
                variant="light"
                mt="xl"
                hiddenFrom="md"
                icon={<IconAlertCircle size={18} />}
              >
                {quoteError}
              </Alert>
            ) : item && step < LAST ? (
              <Group justify="space-between" mt="xl" hiddenFrom="md" data-testid="mobile-total">
                <Text size="sm" c="dimmed">
                  Estimated total
                </Text>
                <Text fw={800} fz="lg">
                  {formatPrice(item.quote.total)}
                </Text>
              </Group>
            ) : null}
            <Group justify="space-between" mt="xl" gap="sm">
              {step > 0 ? (
                <Button
                  variant="default"
                  size="md"
                  leftSection={<IconArrowLeft size={18} />}
                  onClick={() => go(step - 1)}
                >
                  Back
                </Button>
              ) : (
                <span />
              )}
              {step < LAST ? (
                <Button size="md" rightSection={<IconArrowRight size={18} />} onClick={next}>
                  Continue
                </Button>
              ) : isCustomer ? (
                <Button
                  size="md"
                  leftSection={<IconCheck size={18} />}
                  onClick={book}
                  loading={create.isPending}
                  disabled={blocked}
                  data-testid="book-now"
                >
                  {item && !blocked ? `Book now · ${formatPrice(item.quote.total)}` : 'Book now'}
                </Button>
              ) : null}
            </Group>
          </Card>
        </Grid.Col>
        <Grid.Col
          span={{ base: 12, md: 4 }}
          className={classes.sticky}
          visibleFrom={step === LAST ? 'md' : undefined}
        >
          <BookingSummary item={item} values={values} loading={quote.isFetching} error={quoteError} />
        </Grid.Col>
      </Grid>
    </Box>
  );
}
