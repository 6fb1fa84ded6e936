import { helpersForBedrooms, SEARCH_MSG, ZBookingInput } from '@haulpro/shared/booking';
import { MSG } from '@haulpro/shared/messages';
import { Alert, Anchor, Box, Button, Card, Grid, Group, Stack, Stepper, Text, Title } from '@mantine/core';
import { type FormErrors, schemaResolver } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconArrowLeft, IconArrowRight, IconCheck } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { FormAlert } from '../../../components/form-alert.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { dayjs } from '../../../lib/dayjs.ts';
import { useCreateBooking } from '../api/create-booking.ts';
import { AddressesStep } from '../components/addresses-step.tsx';
import classes from '../components/booking.module.css';
import { BookingSummary } from '../components/booking-summary.tsx';
import { ContactStep } from '../components/contact-step.tsx';
import { CustomerGate } from '../components/customer-gate.tsx';
import { JobStep } from '../components/job-step.tsx';
import { formatPrice } from '../components/quote-breakdown.tsx';
import { ReviewStep } from '../components/review-step.tsx';
import { stepOfField, type TBookingDraft, toBookingInput, WIZARD_STEPS } from '../lib/booking-draft.ts';
import { toQueryString } from '../lib/search-query.ts';
import { nearest, useBookingDraft } from '../lib/use-booking-draft.ts';
import { type TCouponTotal, useCouponTotal } from '../lib/use-coupon-total.ts';

const STEP_LABELS = ['Job', 'Addresses', 'Contact', 'Review & pay'] as const;
const LAST = WIZARD_STEPS.length - 1;

/** The schema's verdict plus "the date cannot be in the past" (the server checks both again). */
function bookingErrors(branchId: number, values: TBookingDraft): FormErrors {
  const errors = schemaResolver(ZBookingInput, { sync: true })(toBookingInput(branchId, values));
  if (values.arrival_date && !errors.arrival_date && values.arrival_date < dayjs().format('YYYY-MM-DD')) {
    errors.arrival_date = SEARCH_MSG.pastDate;
  }
  return errors;
}

/** With a coupon typed, the price only once its preview is known (the server sets it at booking). */
function bookNowLabel(total: number | null, typed: string, coupon: TCouponTotal): string {
  if (total === null) return 'Book now';
  if (!typed.trim()) return `Book now · ${formatPrice(total)}`;
  if (coupon.kind === 'applied' && !coupon.atMost) return `Book now · ${formatPrice(coupon.total)}`;
  return 'Book now';
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
  const draft = useBookingDraft(branchId, search, user);
  const { query, step, setStep, form, values, quote, item, quoteError, blocked, quoteErrors } = draft;
  const { crews, minHours, electronicAvailable } = draft;
  const { setFieldValue } = form;
  const [submitError, setSubmitError] = useState<string | null>(null);
  const topRef = useRef<HTMLDivElement>(null);
  const compact = useMediaQuery('(max-width: 33.75em)');
  const create = useCreateBooking();

  const isCustomer = user?.role === 'customer';
  const coupon = useCouponTotal(values.coupon, item?.quote, isCustomer);

  usePageTitle(item ? `Book ${item.company_name}` : 'Book your move');

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
    create.mutate(
      { input: parsed.data, idempotencyKey: draft.idempotencyKey() },
      {
        onSuccess: (answer) => {
          draft.finish();
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
            draft.forgetAttempt();
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
                <ReviewStep
                  form={form}
                  item={item}
                  electronicAvailable={electronicAvailable}
                  coupon={coupon}
                  onEdit={go}
                />
              )}
            </Box>

            {step === LAST ? (
              <Stack gap="md" mt="xl">
                <FormAlert message={submitError} />
                {blocked && quoteError ? (
                  <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />}>
                    {quoteError}
                  </Alert>
                ) : null}
                <CustomerGate name={values.name} email={values.email} />
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
                  {bookNowLabel(item && !blocked ? item.quote.total : null, values.coupon, coupon)}
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
          <BookingSummary
            item={item}
            coupon={step === LAST ? coupon : undefined}
            values={values}
            loading={quote.isFetching}
            error={quoteError}
          />
        </Grid.Col>
      </Grid>
    </Box>
  );
}
