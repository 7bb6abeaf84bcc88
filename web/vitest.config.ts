import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { entryValidators } from './vite-plugins/entry-validators.ts';

export default defineConfig({
  plugins: [react(), entryValidators()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
  },
});
