/**
 * The keyward the HTTP benchmarks run: the package's entry points bundled with esbuild as tsup
 * bundles them for `dist/` (ESM, node20, shared chunks, dependencies external, no `keepNames`),
 * into bench/.runs/dist/, where it disturbs neither `dist/` nor its type declarations.
 *
 * Why not the sources through tsx: tsx compiles with `keepNames`, which wraps every function
 * expression in a `__name()` call, so each closure created per request costs an extra
 * `Object.defineProperty` that the published package does not pay.
 */
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
export const BENCH_DIST = fileURLToPath(new URL('./.runs/dist/', import.meta.url))

/**
 * The entry points of package.json's exports, plus the Redis scripts (their names and SHAs label
 * commands). Each lists its path now first, then where an earlier revision kept it (bench:compare).
 */
const ENTRIES: Record<string, readonly string[]> = {
  index: ['src/index.ts'],
  express: ['adapters/express.ts'],
  fastify: ['adapters/fastify.ts'],
  hono: ['adapters/hono.ts'],
  fetch: ['adapters/fetch.ts'],
  redis: ['src/stores/redis/index.ts', 'src/redis/index.ts'],
  'redis-scripts': ['src/stores/redis/scripts.ts', 'src/redis/scripts.ts'],
  postgres: ['src/stores/postgres/index.ts', 'src/postgres/index.ts'],
}

/** Each entry at the first of its paths that exists under `root`; an earlier revision may predate one. */
function entryPoints(root: string): Record<string, string> {
  const found: Record<string, string> = {}
  for (const [name, paths] of Object.entries(ENTRIES)) {
    const path = paths.find((file) => existsSync(join(root, file)))
    if (path !== undefined) found[name] = path
  }
  return found
}

function newestSource(dir: string): number {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path))
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(path).mtimeMs)
  }
  return newest
}

/**
 * Bundles the keyward sources under `root` (its `src/` and `adapters/`) into `outdir`, as
 * `ensureBenchBuild` does for this checkout; `npm run bench:compare` bundles an earlier revision
 * this way.
 */
export async function bundleKeyward(root: string, outdir: string): Promise<void> {
  await build({
    absWorkingDir: root,
    entryPoints: entryPoints(root),
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  })
}

/** Bundles keyward into bench/.runs/dist/ unless the bundle is newer than every source file. */
export async function ensureBenchBuild(log: (line: string) => void = () => undefined): Promise<void> {
  const marker = join(BENCH_DIST, 'index.js')
  const sources = Math.max(newestSource(join(ROOT, 'src')), newestSource(join(ROOT, 'adapters')))
  if (existsSync(marker) && statSync(marker).mtimeMs > sources) return
  const started = performance.now()
  await bundleKeyward(ROOT, BENCH_DIST)
  log(
    `[build] bundled keyward into bench/.runs/dist/ in ${Math.round(performance.now() - started)} ms (esbuild, as tsup builds dist/)`,
  )
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await ensureBenchBuild(console.log)
