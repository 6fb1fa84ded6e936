import type { TBranchPricing, TDiscount, TServicePrice } from '@haulpro/shared/pricing';
import type { branches, discounts, servicePrices } from '../../db/schema.ts';

import { toDollars } from '../../domain/money.ts';

export function servicePriceView(r: typeof servicePrices.$inferSelect): TServicePrice {
  return {
    id: r.id,
    branch_id: r.branchId,
    name: r.name,
    employees_count: r.employeesCount,
    minimum_hours: r.minimumHours,
    base_hourly_rate: toDollars(r.baseHourlyRate),
    charge_overtime: toDollars(r.chargeOvertime),
    service_type: r.serviceType === 2 ? 2 : 1,
    truck_size: r.truckSize,
    truck_number: r.truckNumber,
  };
}

export function discountView(r: typeof discounts.$inferSelect): TDiscount {
  return {
    id: r.id,
    branch_id: r.branchId,
    date: r.date,
    is_discount: r.isDiscount,
    is_value_percentage: r.isValuePercentage,
    value: r.isValuePercentage ? r.value : toDollars(r.value),
  };
}

export function branchPricingView(b: typeof branches.$inferSelect): TBranchPricing {
  return {
    branch_id: b.id,
    service_area: b.serviceArea,
    fee_first_bedroom: toDollars(b.feeFirstBedroom),
    fee_extra_bedroom: toDollars(b.feeExtraBedroom),
    helpers_and_trucks_between_double_driving: b.doubleDriving,
    surge_distance: b.surgeDistance,
    surge_additional_hourly_rate: toDollars(b.surgeAdditionalHourlyRate),
    surge_additional_min_hours: b.surgeAdditionalMinHours,
    surge_additional_service_fee: toDollars(b.surgeAdditionalServiceFee),
    travel_area: b.travelArea,
    equipments: b.equipments.map((e) => ({ ...e, value: toDollars(e.value) })),
  };
}
