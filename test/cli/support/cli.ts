/**
 * Runs the `keyward` command as a subprocess, from source (bundled once per run from
 * `src/cli/main.ts`, see test/helpers/source-bundles.ts), with exactly the environment a test
 * gives it: nothing leaks in from the test runner's own REDIS_URL, KEYWARD_* or CI variables.
 */
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { expect, inject } from 'vitest'
import { markedEnv, recordStarted } from '../../helpers/started-processes.js'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))

export interface CliRun {
  status: number | null
  stdout: string
  stderr: string
  /** Wall-clock milliseconds the process took. */
  ms: number
  /** For failure messages: what ran and what it printed. */
  describe(): string
}

/**
 * Runs `keyward <args>` with exactly `env`. `nodeImports` are modules Node loads first with
 * `--import`, e.g. a resolve hook that hides a package.
 */
export function runCli(
  args: readonly string[],
  env: Record<string, string | undefined> = {},
  timeoutMs = 30_000,
  nodeImports: readonly string[] = [],
): Promise<CliRun> {
  const started = Date.now()
  const childEnv: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' }
  for (const [name, value] of Object.entries(env)) if (value !== undefined) childEnv[name] = value
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [...nodeImports.flatMap((module) => ['--import', module]), inject('keywardCli'), ...args],
      { cwd: ROOT, env: markedEnv(childEnv), timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const status = error === null ? 0 : typeof error.code === 'number' ? error.code : null
        resolve({
          status,
          stdout,
          stderr,
          ms: Date.now() - started,
          describe: () => `keyward ${args.join(' ')}\n  exit ${status}\n  stdout: ${stdout}\n  stderr: ${stderr}`,
        })
      },
    )
    recordStarted(child, `keyward ${args.join(' ')}`)
  })
}

/** The process exited with `status` and wrote exactly one line to stderr, `keyward: …`, with no stack trace. */
export function expectOneLineError(run: CliRun, status: number): string {
  expect(run.status, run.describe()).toBe(status)
  expect(run.stderr, run.describe()).toMatch(/^keyward: [^\n]+\n$/)
  expect(run.stderr, run.describe()).not.toMatch(/\bat .+:\d+:\d+/)
  return run.stderr.slice('keyward: '.length, -1)
}

/** Parses stdout as JSON, failing with the run's output when it is not. */
export function stdoutJson<T = any>(run: CliRun): T {
  try {
    return JSON.parse(run.stdout) as T
  } catch {
    throw new Error(`stdout is not JSON:\n${run.describe()}`)
  }
}
