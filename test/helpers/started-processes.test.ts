/**
 * The check the global teardown runs (started-processes.ts): a process a test helper started that
 * is still alive after the run is named and killed, including the node process a `tsx` wrapper
 * started when the wrapper itself was killed; a process that ended, or a pid since reused by another
 * process, is not reported.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import {
  endSurvivors,
  markedEnv,
  recordStarted,
  removeRunFolder,
  type StartedProcess,
  survivors,
} from './started-processes.js'

const TSX = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url))
const folders: string[] = []

function runFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'keyward-started-processes-test-'))
  folders.push(folder)
  return folder
}

/** A child that runs until killed, marked and recorded for `folder` as a helper does. */
function startIdle(folder: string, command = process.execPath, args = ['-e', 'setInterval(() => {}, 1000)']) {
  const child = spawn(command, args, { env: markedEnv({ ...process.env }, folder), stdio: 'ignore' })
  recordStarted(child, `${command} ${args.join(' ')}`, folder)
  return child
}

const exited = (child: ChildProcess) =>
  new Promise<NodeJS.Signals | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.signalCode)
    else child.once('exit', (_code, signal) => resolve(signal))
  })

function stillAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

afterEach(async () => {
  for (const folder of folders.splice(0)) {
    await endSurvivors(folder, 0)
    removeRunFolder(folder)
  }
})

describe('the run fails when a process the tests started outlives it', () => {
  it('names a process left alive on purpose, and kills it', async () => {
    const folder = runFolder()
    const child = startIdle(folder)
    const left = await endSurvivors(folder, 0)
    expect(left).toEqual([{ pid: child.pid, command: `${process.execPath} -e setInterval(() => {}, 1000)` }])
    expect(await exited(child)).toBe('SIGKILL')
  })

  it('reports nothing once every started process has ended', async () => {
    const folder = runFolder()
    const child = startIdle(folder)
    child.kill('SIGTERM')
    await exited(child)
    expect(await endSurvivors(folder, 0)).toEqual([])
  })

  it('waits for a process that is still ending within the grace period', async () => {
    const folder = runFolder()
    const child = startIdle(folder, process.execPath, ['-e', 'setTimeout(() => {}, 300)'])
    expect(survivors(folder).map(({ pid }) => pid)).toEqual([child.pid])
    expect(await endSurvivors(folder, 10_000)).toEqual([])
  })

  it('does not take a reused pid for the recorded process (start times differ)', async () => {
    const folder = runFolder()
    const reused = { pid: process.pid, command: 'an earlier process with this pid', startTime: '1' }
    writeFileSync(join(folder, 'reused.jsonl'), `${JSON.stringify(reused)}\n`)
    expect(await endSurvivors(folder, 0)).toEqual([])
    expect(stillAlive(process.pid)).toBe(true)
  })

  it.runIf(process.platform === 'linux')(
    "finds the node process a tsx wrapper started after the wrapper was killed with SIGKILL (the orphaned servers' cause)",
    async () => {
      const folder = runFolder()
      const script = join(folder, 'idle.ts')
      writeFileSync(script, 'setInterval(() => {}, 1000)\n')
      const wrapper = startIdle(folder, TSX, [script])
      // The wrapper's own child is running the script once it appears with the marker.
      const runsScript = ({ pid, command }: StartedProcess) => pid !== wrapper.pid && command.includes(script)
      await expect.poll(() => survivors(folder).some(runsScript), { timeout: 15_000 }).toBe(true)
      wrapper.kill('SIGKILL')
      await exited(wrapper)
      const left = await endSurvivors(folder, 0)
      expect(left.filter(runsScript), JSON.stringify(left)).toHaveLength(1)
      await expect.poll(() => survivors(folder)).toEqual([])
    },
  )
})
