import { EMPLOYEE_TYPE_LABELS, employeeTypeId, type TCrew, type TCrewJob } from '@haulpro/shared/crew';
import { ORDER_STATUS_LABELS, type TOrderStatus } from '@haulpro/shared/order';
import type { TShowUpWindow } from '@haulpro/shared/pricing-constants';
import type { orderAddresses } from '../../db/schema.ts';
import type { TCrewRow, upcomingJobsOf } from './crews.repository.ts';

type TAddressRow = typeof orderAddresses.$inferSelect;

export function crewView(c: TCrewRow): TCrew {
  const type = employeeTypeId(c.employeeType);
  return {
    id: c.id,
    branch_id: c.branchId,
    first_name: c.firstName,
    last_name: c.lastName,
    email: c.email,
    phone_number: c.phoneNumber,
    zip_code: c.zipCode,
    state_id: c.stateId,
    city_id: c.cityId,
    profile_picture: c.profilePicture,
    is_active: c.isActive,
    is_driver: c.isDriver,
    employee_type: type,
    employee_type_label: EMPLOYEE_TYPE_LABELS[type],
  };
}

/** "Austin, TX 78701": where a job starts or ends, short. */
function place(a: TAddressRow | undefined): string {
  if (!a) return '';
  return `${a.cityOrTown}, ${a.state} ${a.zipCode}`.trim();
}

export function crewJobView(j: Awaited<ReturnType<typeof upcomingJobsOf>>[number]): TCrewJob {
  const pickups = j.addresses.filter((a) => a.kind === 'pickup');
  const destinations = j.addresses.filter((a) => a.kind === 'destination');
  return {
    order_id: j.id,
    arrival_date: j.arrivalDate,
    arrival_time: j.arrivalTime as TShowUpWindow,
    status: ORDER_STATUS_LABELS[j.status as TOrderStatus] ?? String(j.status),
    status_id: j.status,
    customer_name: j.name,
    from: place(pickups[0]),
    to: place(destinations.at(-1) ?? pickups.at(-1)),
  };
}
