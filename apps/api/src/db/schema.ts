export * from './schema/calendar.ts';
export * from './schema/deliveries.ts';
export * from './schema/geography.ts';
export * from './schema/identity.ts';
export * from './schema/messaging.ts';
export * from './schema/orders.ts';
export * from './schema/pricing.ts';
export * from './schema/reviews.ts';
