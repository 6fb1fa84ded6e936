import type { TServices } from '../modules/services.ts';

/**
 * Talk (issue 29, decision 031): a message unread for 10 minutes is e-mailed to its recipients,
 * one digest per thread and recipient an hour at most. Each digest claims its key in the
 * reminders ledger in the transaction that queues its mail, so several replicas send it once.
 * Answers how many e-mails it queued.
 */
export async function runMessageDigests(services: {
  messages: Pick<TServices['messages'], 'sendDigests'>;
}): Promise<number> {
  return services.messages.sendDigests();
}
