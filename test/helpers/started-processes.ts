/**
 * The processes test helpers start, kept track of for the run, so the global teardown fails the run
 * when one outlives it. Each is recorded in a file of the run's own folder (pid and start time, as a
 * pid is reused) and carries a marker in its environment that its own children inherit: on Linux the
 * teardown also finds what a wrapper (such as the `tsx` command) started and left behind.
 */
import type { ChildProcess } from 'node:child_process'
import { appendFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** Where workers find the run's folder; set by the global setup. */
const RUN_FOLDER_VARIABLE = 'TEST_RUN_STARTED_PROCESSES'
/** The marker in a started process's environment: its value is the run's folder. */
const MARKER = 'STARTED_BY_TEST_RUN'

export interface StartedProcess {
  pid: number
  command: string
}

interface Recorded extends StartedProcess {
  startTime: string | null
}

/** Creates the run's folder and tells the workers (which inherit this environment) where it is. */
export function createRunFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'keyward-test-run-'))
  process.env[RUN_FOLDER_VARIABLE] = folder
  return folder
}

/** `env` with the run's marker; without a run folder (a helper used outside vitest), `env` as it is. */
export function markedEnv<T extends Record<string, string | undefined>>(
  env: T,
  folder = process.env[RUN_FOLDER_VARIABLE],
): T {
  return folder ? { ...env, [MARKER]: folder } : env
}

/** Records a child a helper started (with `markedEnv`), for the teardown to name if it is still alive. */
export function recordStarted(child: ChildProcess, command: string, folder = process.env[RUN_FOLDER_VARIABLE]): void {
  if (!folder || child.pid === undefined) return
  const entry: Recorded = { pid: child.pid, command, startTime: startTime(child.pid) }
  appendFileSync(join(folder, `${process.pid}.jsonl`), `${JSON.stringify(entry)}\n`)
}

/** Every process of the run in `folder` still alive: recorded ones, and on Linux any carrying the run's marker. */
export function survivors(folder: string): StartedProcess[] {
  const found = new Map<number, StartedProcess>()
  for (const entry of recorded(folder)) {
    if (alive(entry.pid) && (entry.startTime === null || entry.startTime === startTime(entry.pid))) {
      found.set(entry.pid, { pid: entry.pid, command: entry.command })
    }
  }
  for (const other of marked(folder)) if (!found.has(other.pid)) found.set(other.pid, other)
  return [...found.values()]
}

/**
 * Waits up to `graceMs` for the run's processes to end (a server told to stop may still be closing),
 * then kills (SIGKILL) those still alive and returns them: an empty list when nothing outlived the run.
 */
export async function endSurvivors(folder: string, graceMs = 5000): Promise<StartedProcess[]> {
  const deadline = Date.now() + graceMs
  let left = survivors(folder)
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    left = survivors(folder)
  }
  for (const { pid } of left) kill(pid)
  return left
}

/** Removes the run's folder. */
export function removeRunFolder(folder: string): void {
  rmSync(folder, { recursive: true, force: true })
}

function recorded(folder: string): Recorded[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith('.jsonl'))
    .flatMap((name) => readFileSync(join(folder, name), 'utf8').split('\n').filter(Boolean))
    .map((line) => JSON.parse(line) as Recorded)
}

/** Processes whose environment holds `MARKER=folder` (Linux; none elsewhere). */
function marked(folder: string): StartedProcess[] {
  if (!existsSync('/proc/self/environ')) return []
  const entry = `${MARKER}=${folder}`
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid)
    .flatMap((name) => {
      const pid = Number(name)
      const environment = readProc(pid, 'environ')
      if (environment === null || !environment.split('\0').includes(entry) || !alive(pid)) return []
      return [{ pid, command: (readProc(pid, 'cmdline') ?? '').split('\0').join(' ').trim() }]
    })
}

/** The kernel's start time of `pid` (so a reused pid is told apart), or null where /proc is missing. */
function startTime(pid: number): string | null {
  const stat = readProc(pid, 'stat')
  // The command name in parentheses may hold spaces; fields after it are space-separated.
  return stat === null ? null : (stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null)
}

/** Alive and not a zombie waiting to be reaped. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
  } catch {
    return false
  }
  const stat = readProc(pid, 'stat')
  return stat === null || stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z'
}

function readProc(pid: number, file: string): string | null {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8')
  } catch {
    return null
  }
}

function kill(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL')
  } catch {
    // Gone in the meantime.
  }
}
