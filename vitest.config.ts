import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // expect.poll waits on a browser, a server process or a timer; beside two other files on two
    // cores a page's fetch can take longer than the default second. A poll that passes returns at once.
    expect: { poll: { timeout: 10_000 } },
    globalSetup: ['test/helpers/global-setup.ts'],
    // Most files wait on Redis, Postgres, Chromium or child processes, not on this process's CPU:
    // three at once keep two cores busy (the default, cores - 1, runs one file at a time here).
    maxWorkers: 3,
    // The machine's Redis keeps nothing on disk; test/redis/persistence.test.ts checks the warning
    // in processes of its own, so the other files need not print it once each.
    poolOptions: { forks: { execArgv: ['--disable-warning=KEYWARD_REDIS_VOLATILE_KEYS'] } },
    typecheck: { enabled: true, include: ['test/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
  },
})
