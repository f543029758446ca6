// Fails when the client's JavaScript, gzipped, passes its budget (60 kB).
// Reads the built folder: ARBITER_WEB_OUT, else dist/.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET = 60 * 1024;
const dir = join(process.env.ARBITER_WEB_OUT ?? 'dist', 'assets');
let total = 0;
for (const name of readdirSync(dir)) {
  if (!name.endsWith('.js')) continue;
  const size = gzipSync(readFileSync(join(dir, name)), { level: 9 }).length;
  total += size;
  console.log(`${name}: ${(size / 1024).toFixed(1)} kB gzipped`);
}
console.log(`JavaScript in all: ${(total / 1024).toFixed(1)} kB gzipped (budget ${BUDGET / 1024} kB)`);
if (total === 0) {
  console.error('no JavaScript found: build the client first (npm run build)');
  process.exit(1);
}
if (total > BUDGET) {
  console.error('over budget');
  process.exit(1);
}
