/**
 * `npm run bench` on a fresh clone (issue 6): nothing under bench/.runs/ exists yet, so every module
 * the runner imports must load before `ensureBenchBuild()` has bundled keyward, and the servers
 * must then start from that bundle. The check runs in a copy of the tree with no bench/.runs/.
 */
import { execFile } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
let tree: string

beforeAll(() => {
  tree = mkdtempSync(join(tmpdir(), 'keyward-bench-'))
  for (const part of ['src', 'adapters', 'bench', 'package.json', 'tsconfig.json']) {
    cpSync(join(ROOT, part), join(tree, part), {
      recursive: true,
      filter: (from) => !from.includes(join('bench', '.runs')),
    })
  }
  symlinkSync(join(ROOT, 'node_modules'), join(tree, 'node_modules'), 'dir')
})

afterAll(() => {
  if (tree) rmSync(tree, { recursive: true, force: true })
})

/**
 * Runs an ES module script with tsx inside the copied tree; its last stdout line is JSON.
 * Asynchronous: a child blocking the test worker's event loop for long stalls its reports to vitest.
 */
function runInTree(script: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { cwd: tree, encoding: 'utf8', timeout: 60_000, env: { ...process.env, BENCH_PIN: '0' } },
      (error, stdout, stderr) => {
        const code = (error as { code?: unknown } | null)?.code
        resolve({ status: error === null ? 0 : typeof code === 'number' ? code : null, stdout, stderr })
      },
    )
  })
}

describe('npm run bench on a fresh clone (issue 6)', () => {
  it('loads every module the runner imports while no bundle exists yet', async () => {
    expect(existsSync(join(tree, 'bench', '.runs'))).toBe(false)
    // Every module bench/run.ts imports, in its order (run.ts itself would start the whole bench).
    const modules = ['core', 'build', 'http', 'process', 'load', 'redis-server', 'redis-instructions', 'rss', 'profile']
    const script = `${modules.map((m) => `await import('./bench/${m}.ts')`).join('\n')}\nconsole.log('loaded')`
    const run = await runInTree(script)
    expect(run.stderr, run.stderr).not.toMatch(/Error/)
    expect(run.stdout.trim()).toBe('loaded')
    expect(run.status).toBe(0)
  })

  it('bundles keyward, then starts a keyward server from that bundle that answers an authenticated request', async () => {
    const script = `
      import { ensureBenchBuild } from './bench/build.ts'
      import { startServer } from './bench/process.ts'
      import { ROUTE } from './bench/servers/shared.ts'
      await ensureBenchBuild()
      const server = await startServer('fastify', 'memory')
      try {
        const response = await fetch(server.url + ROUTE + '?ip=1.2.3.4', { headers: { authorization: 'Bearer ' + server.key } })
        console.log(JSON.stringify({ status: response.status, requestId: response.headers.get('x-request-id'), body: await response.json() }))
      } finally {
        await server.stop()
      }`
    const run = await runInTree(script)
    expect(run.status, run.stderr).toBe(0)
    expect(existsSync(join(tree, 'bench', '.runs', 'dist', 'fastify.js'))).toBe(true)
    const answer = JSON.parse(run.stdout.trim().split('\n').at(-1)!)
    expect(answer.status).toBe(200)
    expect(answer.requestId).toMatch(/^req_[A-Za-z0-9_-]{24}$/)
    expect(answer.body.data).toEqual({ ip: '1.2.3.4', version: 4 })
  })
})
