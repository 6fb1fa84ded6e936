import { useSearchParams } from 'react-router';
import type { TThreadTarget } from '../../lib/thread-target.ts';

/*
 * A thread opens from the address: `?thread=order:12` or `?thread=delivery:7` on any signed-in page
 * (the cards' Messages buttons, the header's menu, the e-mailed digests' links). The header mounts
 * the one thread window that reads it.
 */

export const THREAD_PARAM = 'thread';

const PATTERN = /^(order|delivery):([1-9][0-9]{0,9})$/;

export function parseThreadParam(value: string | null): TThreadTarget | null {
  const m = PATTERN.exec(value ?? '');
  if (!m) return null;
  const id = Number(m[2]);
  if (id > 2_147_483_647) return null;
  return { kind: m[1] === 'order' ? 'order' : 'delivery', id };
}

export function formatThreadParam(target: TThreadTarget): string {
  return `${target.kind}:${target.id}`;
}

/** The thread the address names, and opening or closing it (the browser's back closes it too). */
export function useThreadParam() {
  const [params, setParams] = useSearchParams();
  const target = parseThreadParam(params.get(THREAD_PARAM));
  function open(next: TThreadTarget) {
    setParams((prev) => {
      const p = new URLSearchParams(prev);
      p.set(THREAD_PARAM, formatThreadParam(next));
      return p;
    });
  }
  function close() {
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        p.delete(THREAD_PARAM);
        return p;
      },
      { replace: true },
    );
  }
  return { target, open, close };
}

export function threadTitle(target: TThreadTarget): string {
  return target.kind === 'order'
    ? `Order #${target.id}`
    : target.kind === 'delivery'
      ? `Delivery #${target.id}`
      : `Payout #${target.id}`;
}
