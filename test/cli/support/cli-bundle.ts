/**
 * The `keyward` command for the tests, bundled from source once per run: `node --import tsx`
 * compiled every module of the command again in each of the hundreds of processes the CLI tests
 * start, which cost each one over a second of CPU. The bundle is the same esbuild output tsx
 * runs, in one file; packages stay imports, so a test's resolve hook can still hide one.
 */
import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))

declare module 'vitest' {
  export interface ProvidedContext {
    /** The bundled command (`src/cli/main.ts`), run with `node`. */
    keywardCli: string
  }
}

/**
 * Bundles `src/cli/main.ts` into a folder of its own two levels below the repository, where
 * the source's paths relative to its module (`../../ui/`) and its packages resolve as from
 * `src/`. Returns the file and a function that removes the folder.
 */
export async function bundleCli(): Promise<{ file: string; remove: () => void }> {
  const folder = join(ROOT, '.tmp', `cli-${process.pid}`)
  mkdirSync(folder, { recursive: true })
  const file = join(folder, 'main.mjs')
  await build({
    entryPoints: [join(ROOT, 'src/cli/main.ts')],
    outfile: file,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  })
  return { file, remove: () => rmSync(folder, { recursive: true, force: true }) }
}
