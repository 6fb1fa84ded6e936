import { openDatabase } from '../src/db/client.ts';
import { seedDemoIfEmpty } from '../src/db/seed/demo.ts';
import { ensureGeography } from '../src/db/seed/geography.ts';
import { seedOrders } from './orders.bench.ts';

const d = await openDatabase({
  kind: 'postgres',
  url: 'postgres://postgres@127.0.0.1:54329/haulpro_explain',
});
await d.migrate();
await ensureGeography(d.db);
await seedDemoIfEmpty(d.db);
await seedOrders(d.db);
await d.close();
console.log('seeded');
