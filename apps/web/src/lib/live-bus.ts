import type {
  TLiveDelivery,
  TLiveEventKind,
  TLiveMessage,
  TLiveNotification,
  TLiveOrder,
} from '@haulpro/shared/talk';
import { useEffect, useRef, useSyncExternalStore } from 'react';

/*
 * The live stream's events inside the page (decision 031). lib/live-stream.ts reads
 * GET /api/dashboard/events and publishes here; features subscribe to what they show and refresh
 * their own queries. While the stream is down (or silent), `useLiveUp()` is false and features fall
 * back to the spec's 10-second poll.
 */

export type TLiveData = {
  notification: TLiveNotification;
  order: TLiveOrder;
  delivery: TLiveDelivery;
  message: TLiveMessage;
  end: { session: number };
};

type THandler<K extends TLiveEventKind> = (data: TLiveData[K]) => void;

const handlers = new Map<TLiveEventKind, Set<(data: never) => void>>();
let up = false;
const upListeners = new Set<() => void>();

export function emitLive<K extends TLiveEventKind>(kind: K, data: TLiveData[K]): void {
  for (const h of handlers.get(kind) ?? []) (h as THandler<K>)(data);
}

export function onLive<K extends TLiveEventKind>(kind: K, handler: THandler<K>): () => void {
  let set = handlers.get(kind);
  if (!set) {
    set = new Set();
    handlers.set(kind, set);
  }
  set.add(handler as (data: never) => void);
  return () => set.delete(handler as (data: never) => void);
}

/** Calls `handler` for every event of `kind` while the component is mounted (the latest handler). */
export function useLiveEvent<K extends TLiveEventKind>(kind: K, handler: THandler<K>): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => onLive(kind, (d) => ref.current(d)), [kind]);
}

export function setLiveUp(value: boolean): void {
  if (up === value) return;
  up = value;
  // The stream's state on the page itself (`<html data-live="up">`), for support and for tests.
  if (typeof document !== 'undefined') document.documentElement.dataset.live = value ? 'up' : 'down';
  for (const l of upListeners) l();
}

export function isLiveUp(): boolean {
  return up;
}

/** True while the stream delivers; polls should run only when this is false. */
export function useLiveUp(): boolean {
  return useSyncExternalStore(
    (l) => {
      upListeners.add(l);
      return () => upListeners.delete(l);
    },
    () => up,
    () => false,
  );
}
