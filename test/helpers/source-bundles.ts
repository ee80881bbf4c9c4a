/**
 * The `keyward` command and the reference server for the tests, each bundled from source once per
 * run. `node --import tsx` compiled every module again in each of the hundreds of processes the
 * tests start, over a second of CPU each, and a server started beside busy test files could miss
 * its start deadline. A bundle is the same esbuild output tsx runs, in one file; packages stay
 * imports, so a test's resolve hook can still hide one.
 */
import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

declare module 'vitest' {
  export interface ProvidedContext {
    /** The bundled command (`src/cli/main.ts`), run with `node`. */
    keywardCli: string
    /** The bundled reference server (`server/main.ts`), run with `node`. */
    keywardServer: string
  }
}

/**
 * Bundles `entry` into a folder of its own two levels below the repository, where the source's
 * paths relative to its module (`../../ui/`) and its packages resolve as from `src/`.
 */
async function bundle(entry: string, name: string): Promise<string> {
  const folder = join(ROOT, '.tmp', `${name}-${process.pid}`)
  mkdirSync(folder, { recursive: true })
  const file = join(folder, 'main.mjs')
  await build({
    entryPoints: [join(ROOT, entry)],
    outfile: file,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  })
  return file
}

/** Bundles the command and the server; `remove` deletes both folders. */
export async function bundleSources(): Promise<{ cli: string; server: string; remove: () => void }> {
  const [cli, server] = await Promise.all([bundle('src/cli/main.ts', 'cli'), bundle('server/main.ts', 'server')])
  const remove = () => {
    for (const file of [cli, server]) rmSync(join(file, '..'), { recursive: true, force: true })
  }
  return { cli, server, remove }
}
