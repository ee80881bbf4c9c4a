/**
 * T2: without `@opentelemetry/api` (hidden from a real subprocess, so Node reports it missing as
 * it would for an app that never installed it), keyward looks once, finds nothing, and runs its
 * own authenticate() unwrapped; the T1 hooks still work.
 */
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const HIDE = fileURLToPath(new URL('./support/without-opentelemetry.cjs', import.meta.url))
const CHILD = fileURLToPath(new URL('./support/without-opentelemetry-child.ts', import.meta.url))

function runChild(): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--require', HIDE, '--import', 'tsx', CHILD],
      { cwd: ROOT, timeout: 30_000 },
      (error, stdout, stderr) =>
        error ? reject(new Error(`${error.message}\nstderr: ${stderr}`)) : resolve({ stdout, stderr }),
    )
  })
}

it('T2: without the package, no OpenTelemetry and no wrapper around authenticate(); the hooks still fire', {
  timeout: 60_000,
}, async () => {
  const { stdout, stderr } = await runChild()
  expect(JSON.parse(stdout.trim())).toEqual({
    found: 'MODULE_NOT_FOUND',
    loaded: false,
    plainAuthenticate: 'authenticate',
    ok: true,
    outcomes: ['ok'],
  })
  expect(stderr).toBe('')
})
