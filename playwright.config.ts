import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.PORT ?? 3210);
const BUILD_DIR = process.env.BUILD_DIR ?? 'build';
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  // Its own folder: Playwright empties outputDir when it starts, and test-results/stages/ holds the
  // logs of the stages running beside it (tests/run.mjs).
  outputDir: 'test-results/playwright',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    command: `npx tsx scripts/serve.ts --port ${PORT} --dir ${BUILD_DIR}`,
    url: `http://127.0.0.1:${PORT}/`,
    // A server already on the port is reused only when asked (PW_REUSE_SERVER=1): on a shared
    // machine it can be another checkout's build.
    reuseExistingServer: process.env.PW_REUSE_SERVER === '1',
    timeout: 30_000,
  },
});
