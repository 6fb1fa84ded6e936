import type { THelperListItem } from '@haulpro/shared/booking';

type TService = THelperListItem['services'][number];

/** The crew a quote is for. */
export function quotedService(item: THelperListItem): TService | undefined {
  return item.services.find((s) => s.id === item.service_id);
}

/** "3 helpers" and, with trucks, "1 truck (26 ft)". */
export function crewParts(helpers: number, trucks: number, truckSize: string | null): string[] {
  const parts = [`${helpers} ${helpers === 1 ? 'helper' : 'helpers'}`];
  if (trucks > 0) {
    const size = truckSize?.trim() ? ` (${truckSize.trim()})` : '';
    parts.push(`${trucks} ${trucks === 1 ? 'truck' : 'trucks'}${size}`);
  }
  return parts;
}

export function crewLabel(item: THelperListItem): string {
  const service = quotedService(item);
  return crewParts(item.helpers_count, item.quote.truck_number, service?.truck_size ?? null).join(' · ');
}

/** Two letters for a company without a logo. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return ((words[0]?.[0] ?? '') + (words[1]?.[0] ?? '')).toUpperCase() || 'H';
}
