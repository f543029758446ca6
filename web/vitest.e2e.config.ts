import { defineConfig } from 'vitest/config';

// The browser tests: Debian's chromium, driven by playwright-core, against
// a real `arbiter serve` per test file. One file at a time (two cores).
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 240_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    reporters: ['default'],
  },
});
