import type { TAuth } from '../../context.ts';
import type { TThreadJob, TThreadSide } from '../../domain/thread-job.ts';
import type { TDeliveriesService } from '../deliveries/deliveries.service.ts';
import type { TLaborService } from '../labor/labor.service.ts';
import type { TOrdersService } from '../orders/orders.service.ts';
import type { TRemindersService } from '../reminders/reminders.service.ts';
import type { TUsersService } from '../users/users.service.ts';

/** What the messages module uses of the others (wired in services.ts). */
export type TMessagesFronts = {
  orders: Pick<TOrdersService, 'threadParty'>;
  deliveries: Pick<TDeliveriesService, 'threadParty' | 'payoutDeliveryId'>;
  users: Pick<TUsersService, 'findUserById' | 'listCompanyStaff'>;
  labor: Pick<TLaborService, 'mailTarget'>;
  reminders: Pick<TRemindersService, 'claim'>;
};

export type TThreadKind = 'order' | 'delivery';

/** The job and the caller's side on `path`, or a 404 (messages.service.ts). */
export type TThreadParty = (
  auth: TAuth,
  kind: TThreadKind,
  path: TThreadSide,
  id: number,
) => Promise<{ job: TThreadJob; side: TThreadSide }>;
