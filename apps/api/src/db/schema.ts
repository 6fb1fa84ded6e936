export * from './schema/identity.ts';
export * from './schema/messaging.ts';
