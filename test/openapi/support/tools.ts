/**
 * The OpenAPI tools as the tests run them: each a child process of its npm binary, started once
 * per file, with what it printed kept for the failure message.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { join } from 'node:path'

const BIN = join(new URL('../../..', import.meta.url).pathname, 'node_modules', '.bin')

export interface Finished {
  code: number | null
  output: string
}

/** Runs a tool to its end (with CI=true, so nothing waits for a person). */
export function run(
  tool: string,
  args: readonly string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, ...options.env, CI: 'true', NO_COLOR: '1' }
    const child = spawn(join(BIN, tool), args, { cwd: options.cwd, env })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, output }))
  })
}

/** A port nothing listens on at this moment. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

export interface PrismProxy {
  port: number
  /** What Prism printed: the violations it found are named there. */
  output(): string
  close(): Promise<void>
}

/**
 * Stoplight Prism in proxy mode between the tests and `upstream`, validating every exchange
 * against `document`; `--errors` turns a violation into an error response instead of a warning.
 */
export async function startPrism(document: string, upstream: string): Promise<PrismProxy> {
  const port = await freePort()
  const args = ['proxy', document, upstream, '--errors', '-h', '127.0.0.1', '-p', String(port)]
  const child: ChildProcess = spawn(join(BIN, 'prism'), args, { env: { ...process.env, CI: 'true', NO_COLOR: '1' } })
  let output = ''
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Prism did not start within 30 s:\n${output}`)), 30_000)
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('Prism is listening')) {
        clearTimeout(timer)
        resolve()
      }
    }
    child.stdout!.on('data', read)
    child.stderr!.on('data', read)
    child.on('exit', (code) => reject(new Error(`Prism exited (${code}):\n${output}`)))
  })
  return {
    port,
    output: () => output,
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}
