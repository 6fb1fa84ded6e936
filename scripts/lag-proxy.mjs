#!/usr/bin/env node
/**
 * A TCP proxy that holds every chunk for DELAY ms in each direction, so a database on this
 * machine answers as one a round trip away does (decision 044). Order is kept: every chunk waits
 * the same time, and timers of one delay fire in the order they were set. A 1 ms delay gives a
 * round trip of about 3 ms here (timers are rounded up to the millisecond).
 *
 *   node scripts/lag-proxy.mjs 54333 5432 1 &
 *   DATABASE_URL=postgres://postgres@127.0.0.1:54333/postgres npm run bench -- orders
 */
import net from 'node:net';

const [listenPort, targetPort, delayMs] = process.argv.slice(2).map(Number);
if (!listenPort || !targetPort) {
  console.error('usage: node scripts/lag-proxy.mjs <listen port> <target port> [delay ms, default 1]');
  process.exit(2);
}
const delay = Number.isFinite(delayMs) ? delayMs : 1;

net
  .createServer((client) => {
    const server = net.connect(targetPort, '127.0.0.1');
    const forward = (from, to) => {
      from.setNoDelay(true);
      from.on('data', (chunk) => setTimeout(() => to.write(chunk), delay));
      from.on('end', () => setTimeout(() => to.end(), delay));
      from.on('error', () => to.destroy());
      from.on('close', () => setTimeout(() => to.destroy(), delay));
    };
    forward(client, server);
    forward(server, client);
  })
  .listen(listenPort, '127.0.0.1', () =>
    console.log(`lag proxy: 127.0.0.1:${listenPort} -> 127.0.0.1:${targetPort}, ${delay} ms each way`),
  );
