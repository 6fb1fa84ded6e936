import type { TJobEventInput } from '@haulpro/shared/move-day';
import { useSyncExternalStore } from 'react';

/*
 * The crew's steps waiting for the network (issue 28, item 8): kept in localStorage with the
 * phone's time and an idempotency key, sent in order when the network comes back. The server
 * records a key once, so a step sent twice (an answer lost on the way back) is still one step.
 */
export type TQueuedStep =
  | { key: string; order_id: number; kind: 'event'; body: TJobEventInput }
  | { key: string; order_id: number; kind: 'approve' | 'decline'; change_id: number };

const STORE = 'haulpro.move-day.queue';
const listeners = new Set<() => void>();
let snapshot: TQueuedStep[] = load();

function load(): TQueuedStep[] {
  try {
    const raw = window.localStorage.getItem(STORE);
    const list: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(list) ? (list as TQueuedStep[]) : [];
  } catch {
    return [];
  }
}

function save(next: TQueuedStep[]): void {
  snapshot = next;
  try {
    window.localStorage.setItem(STORE, JSON.stringify(next));
  } catch {
    // Storage refused: the steps still wait in memory for this page's life.
  }
  for (const listener of listeners) listener();
}

// Another tab of the app sent or queued steps.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== STORE) return;
    snapshot = load();
    for (const listener of listeners) listener();
  });
}

export function queuedSteps(): TQueuedStep[] {
  return snapshot;
}

export function enqueue(step: TQueuedStep): void {
  save([...snapshot.filter((s) => s.key !== step.key), step]);
}

export function dequeue(key: string): void {
  save(snapshot.filter((s) => s.key !== key));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The steps of one order still waiting, oldest first. */
export function useQueuedSteps(orderId: number): TQueuedStep[] {
  const all = useSyncExternalStore(subscribe, queuedSteps, queuedSteps);
  return all.filter((s) => s.order_id === orderId);
}

/** A v4 UUID: the step's idempotency key (crypto.randomUUID where the page is a secure context). */
export function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
