/// <reference types="vitest/config" />
import { defineConfig } from 'vite';

// The client is built into `dist/` (or ARBITER_WEB_OUT, where the Rust
// build puts it) and embedded into the `arbiter` binary.
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: process.env.ARBITER_WEB_OUT ?? 'dist',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
  },
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:8080', ws: true } },
  },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
  },
});
