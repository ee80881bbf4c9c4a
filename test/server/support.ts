/** Runs the reference server (`server/main.ts`) as `npm start` does, and reads what it prints. */
import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import { inject } from 'vitest'
import { markedEnv, recordStarted } from '../helpers/started-processes.js'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

export interface ServerProcess {
  child: ChildProcess
  /** Everything printed so far. */
  stdout(): string
  stderr(): string
  /** Both, in the order they arrived. */
  output(): string
  /** Resolves with the line holding `listening on`; rejects if the process exits first. */
  listening: Promise<string>
  /** Resolves with the exit code. */
  exited: Promise<number | null>
}

/** A port no one listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

export function startServer(env: Record<string, string>): ServerProcess {
  const inherited = { ...process.env }
  for (const name of [
    'FRAMEWORK',
    'PORT',
    'HOST',
    'STORE',
    'REDIS_URL',
    'DATABASE_URL',
    'DASHBOARD_TOKEN',
    'SERVICE_NAME',
    'KEY_PREFIX',
    'FAILED_AUTH_LIMIT',
    'TRUST_PROXY',
    'TRUSTED_ORIGINS',
    'METRICS',
    'LOG_FORMAT',
    'SECRET_SCANNING_PATH',
    'GITHUB_KEYS_URL',
    'WEBHOOK_URL',
    'WEBHOOK_SECRET',
  ]) {
    delete inherited[name]
  }
  for (const name of Object.keys(inherited)) if (name.startsWith('OWNER_')) delete inherited[name]
  // `npm start` runs `tsx server/main.ts`, a wrapper that starts node as a child of its own, which a
  // SIGKILL of the wrapper leaves running. Node running the run's bundle of the same source
  // (test/helpers/source-bundles.ts) is one process: the server itself, which the test can kill.
  const child = spawn(process.execPath, [inject('keywardServer')], {
    cwd: ROOT,
    env: markedEnv({ ...inherited, ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  recordStarted(child, 'node server/main.ts (bundled)')
  let out = ''
  let err = ''
  let both = ''
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk
    both += chunk
  })
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    err += chunk
    both += chunk
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const listening = new Promise<string>((resolve, reject) => {
    const look = () => {
      const line = out.split('\n').find((l) => l.includes('listening on'))
      if (line !== undefined && out.includes(`${line}\n`)) resolve(line)
    }
    child.stdout!.on('data', look)
    void exited.then((code) =>
      reject(new Error(`server exited with ${code} before listening; stderr: ${err}; stdout: ${out}`)),
    )
  })
  // Tests of start-up failures never wait for the line; their rejection is expected.
  listening.catch(() => undefined)
  return { child, stdout: () => out, stderr: () => err, output: () => both, listening, exited }
}
