// Browser tests drive Debian's Chromium (never Playwright's own download). Install it with apt when we can.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const wanted = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (existsSync(wanted)) process.exit(0);

const canApt = process.getuid?.() === 0 && spawnSync('which', ['apt-get']).status === 0;
if (!canApt) {
  console.error(
    `\nChromium was not found at ${wanted}.\n` +
      "Install Debian's Chromium:  sudo apt-get update && sudo apt-get install -y chromium\n" +
      'or point CHROMIUM_PATH at an existing Chromium or Chrome binary, then run the tests again.\n',
  );
  process.exit(1);
}
console.log("Chromium is missing: installing Debian's chromium package with apt-get...");
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
for (const args of [
  ['update', '-qq'],
  ['install', '-y', '-qq', 'chromium'],
]) {
  const r = spawnSync('apt-get', args, { stdio: 'inherit', env });
  if (r.status !== 0) {
    console.error(`apt-get ${args.join(' ')} failed. Install chromium by hand or set CHROMIUM_PATH.`);
    process.exit(1);
  }
}
if (!existsSync(wanted)) {
  console.error(`apt installed chromium but ${wanted} is still missing; set CHROMIUM_PATH.`);
  process.exit(1);
}
