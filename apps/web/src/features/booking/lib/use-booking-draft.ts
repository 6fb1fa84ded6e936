import { HOURS } from '@haulpro/shared/booking';
import type { TUser } from '@haulpro/shared/user';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useHelperQuote } from '../api/get-helper-quote.ts';
import {
  clearDraft,
  endAttempt,
  initialDraft,
  quoteQuery,
  readDraft,
  startAttempt,
  type TBookingDraft,
  WIZARD_STEPS,
  writeDraft,
  writeDraftPhotos,
} from './booking-draft.ts';
import { readListQuery } from './search-query.ts';

const LAST = WIZARD_STEPS.length - 1;

/** The crew size closest to a wish (a larger crew wins a tie). */
export function nearest(crews: number[], wish: number): number {
  return crews.reduce((best, n) => {
    const d = Math.abs(n - wish);
    const bd = Math.abs(best - wish);
    return d < bd || (d === bd && n > best) ? n : best;
  }, crews[0] ?? wish);
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
 * The state of the booking wizard of one branch: the form and its step, restored from and kept
 * in sessionStorage; the idempotency key of an attempt at Review & pay; the live quote (asked
 * again 400 ms after the last change) with its errors placed on the wizard's fields; and the
 * values kept within what the company offers (its crews, their minimum hours, card payment).
 * A signed-in customer's details fill an empty contact.
 */
export function useBookingDraft(branchId: number, search: string, user: TUser | null) {
  const query = useMemo(() => readListQuery(new URLSearchParams(search)), [search]);
  const [restored] = useState(() => readDraft(branchId, search));
  const [step, setStep] = useState(restored?.step ?? 0);
  const form = useForm<TBookingDraft>({ initialValues: restored?.values ?? initialDraft(query) });
  const values = form.values;
  const booked = useRef(false);
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

  /** The Idempotency-Key of this attempt at Review & pay (kept for every press of Book now). */
  function idempotencyKey(): string {
    attempt.current ??= startAttempt(branchId);
    return attempt.current;
  }

  /** An earlier press may have booked: the next press is a new booking. */
  function forgetAttempt() {
    endAttempt(branchId);
    attempt.current = null;
  }

  /** Booked: the draft and the attempt are done with. */
  function finish() {
    booked.current = true;
    clearDraft(branchId);
    endAttempt(branchId);
  }

  return {
    query,
    step,
    setStep,
    form,
    values,
    quote,
    item,
    quoteError,
    blocked,
    quoteErrors,
    crews,
    minHours,
    electronicAvailable,
    idempotencyKey,
    forgetAttempt,
    finish,
  };
}
