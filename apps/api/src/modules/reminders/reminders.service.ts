import type { TDeps } from '../../context.ts';
import type { TDb, TTx } from '../../db/client.ts';
import { claimReminder, sweepReminders, type TReminderKind } from './reminders.repository.ts';

/** A claimed reminder's key is kept this long (a job's reminders are long past by then). */
const KEEP_DAYS = 90;

/**
 * The ledger of reminders sent (decision 031). Each reminder job claims its key inside the
 * transaction that queues its mail and text; a lost race or an earlier send claims nothing.
 */
export function createRemindersService(deps: Pick<TDeps, 'db' | 'clock'>) {
  return {
    /** True when this caller is the one to send (see claimReminder). Run it in the sending transaction. */
    claim(
      tx: TDb | TTx,
      v: { kind: TReminderKind; ref: string; userId: number; now: Date; rearmBefore?: Date },
    ): Promise<boolean> {
      return claimReminder(tx, v);
    },
    sweep(): Promise<number> {
      return sweepReminders(deps.db, new Date(deps.clock.now().getTime() - KEEP_DAYS * 86_400_000));
    },
  };
}

export type TRemindersService = ReturnType<typeof createRemindersService>;
export type { TReminderKind };
