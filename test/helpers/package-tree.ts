/**
 * A copy of the repository as a fresh clone has it (the files git knows, no dist/), for tests of
 * what `npm pack` ships. node_modules is this repository's, by symlink, so nothing is installed.
 */
import { execFile, execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

export const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/** The tracked and new (not ignored) files of the working tree, copied to a new temporary folder. */
export function copyFreshTree(): string {
  const tree = mkdtempSync(join(tmpdir(), 'keyward-clone-'))
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT })
  for (const file of listed.toString('utf8').split('\0')) {
    // A file deleted in the working tree but still in the index is not part of the clone.
    if (file === '' || !existsSync(join(ROOT, file))) continue
    mkdirSync(dirname(join(tree, file)), { recursive: true })
    cpSync(join(ROOT, file), join(tree, file))
  }
  symlinkSync(join(ROOT, 'node_modules'), join(tree, 'node_modules'), 'dir')
  return tree
}

export function removeTree(tree: string | undefined): void {
  if (tree) rmSync(tree, { recursive: true, force: true })
}

/** What `npm pack --json` reports of one package: the tarball's name and the files in it. */
export interface PackResult {
  filename: string
  files: { path: string }[]
}

/**
 * Runs `npm pack --json` (with `extra` arguments) in `tree`; its stdout must be the JSON alone.
 * Asynchronous: the build inside takes a while, and a blocked test worker misses vitest's calls.
 */
export async function npmPack(tree: string, extra: readonly string[]): Promise<PackResult> {
  const { stdout } = await promisify(execFile)('npm', ['pack', '--json', ...extra], {
    cwd: tree,
    encoding: 'utf8',
    timeout: 180_000,
    maxBuffer: 16 * 1024 * 1024,
    env: { ...process.env, npm_config_fund: 'false', npm_config_audit: 'false', npm_config_update_notifier: 'false' },
  })
  const [result] = JSON.parse(stdout) as PackResult[]
  if (result === undefined) throw new Error(`npm pack reported no package: ${stdout}`)
  return result
}
