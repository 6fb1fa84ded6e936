import type { TBlockedDay, TCompanySettings } from '@haulpro/shared/pricing';
import type { blockedDays, companies } from '../../db/schema.ts';

import { toDollars } from '../../domain/money.ts';

export function blockedDayView(r: typeof blockedDays.$inferSelect): TBlockedDay {
  return {
    id: r.id,
    branch_id: r.branchId,
    company_id: r.companyId,
    date: r.date,
    is_on_morning: r.isOnMorning,
    is_on_afternoon: r.isOnAfternoon,
  };
}

export function companySettingsView(c: typeof companies.$inferSelect): TCompanySettings {
  return {
    id: c.id,
    name: c.name,
    logo: c.logo,
    accept_in_period_of: c.acceptInPeriodOf,
    accept_next_day_move: c.acceptNextDayMove,
    payment_methods: c.paymentMethods,
    payment_methods_fee: toDollars(c.paymentMethodsFee),
    payment_methods_icon: c.paymentMethodsIcon,
  };
}
