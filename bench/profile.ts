/**
 * Profiles keyward's hot path: for each framework, the keyward memory-store server runs under
 * `node --cpu-prof` while the load generator (another process) drives the authenticated route;
 * the profile is then read back and the costliest functions printed, in microseconds per request.
 *
 * The baseline server (same response, no authentication) is profiled the same way, so the difference
 * in busy CPU per request is keyward's whole cost: its own code, the Node APIs it calls, the extra
 * framework work it causes and the garbage it leaves.
 *
 * `npx tsx bench/profile.ts [express,fastify,hono] [seconds]`; BENCH_PROFILE_VARIANTS (default
 * `baseline,memory`; `redis`, `telemetry-off` and the others work too), BENCH_CONNECTIONS (default 50) and BENCH_WARMUP (2 s), as
 * `npm run bench`.
 * Profiles stay in bench/.runs/ (git-ignored) for Chrome DevTools or speedscope.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { ensureBenchBuild } from './build.js'
import { JS_OWNERS, type Owner, OWNERS, ownerOf, zeroes } from './owners.js'
import { benchRequest, stopAndClean } from './http.js'
import {
  benchConnections,
  benchWarmup,
  cpuTicks,
  integerFrom,
  loadTool,
  namesFrom,
  runLoad,
  settingsOrExit,
} from './load.js'
import { type Framework, frameworksFrom, startServer } from './process.js'
import { TELEMETRY_VARIANTS, type Variant, VARIANTS } from './servers/shared.js'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }
  children?: number[]
}

interface CpuProfile {
  nodes: ProfileNode[]
  startTime: number
  endTime: number
  samples: number[]
  timeDeltas: number[]
}

export type { Owner } from './owners.js'

export interface FunctionCost {
  name: string
  /** Where it lives: `src/keyward.ts`, `fastify/lib/reply.js`, `node:internal/…` (tsx output has one line per file, so a column for anonymous functions). */
  where: string
  owner: Owner
  /** µs per request spent in the function itself. */
  selfMicros: number
  /** µs per request with everything it calls (callbacks into the framework included). */
  totalMicros: number
  /** µs per request where it is the innermost keyward frame: its own code and the Node APIs it calls, not framework code it calls back. */
  attributedMicros: number
}

export interface ProfileSummary {
  framework: Framework
  variant: Variant
  requests: number
  /** Busy time (not idle) per request, in µs, after scaling (see `scale`). */
  busyMicrosPerRequest: number
  /** CPU time of the server process per request (user + system, /proc), µs; null off Linux. */
  cpuMicrosPerRequest: number | null
  /**
   * Samples are taken on a wall clock: on a busy machine, time the server spent descheduled is
   * charged to whatever it was running. Every figure is multiplied by this factor
   * (process CPU time / profiled busy time, at most 1) to bring it back to CPU time.
   */
  scale: number
  /** µs per request by owner: each sample goes to the innermost frame that is keyward, framework or handler code. */
  owners: Record<Owner, number>
  functions: FunctionCost[]
  file: string
}

/**
 * Self, inclusive and attributed time per function (a function counted once per sample however
 * deep it recurses), and time per owner: a sample in Node internals or native code (a syscall,
 * a regular expression) is charged to the innermost keyward, framework or handler frame above it.
 */
export function summarize(
  profile: CpuProfile,
  requests: number,
  cpuMicros: number | null,
): Pick<
  ProfileSummary,
  'requests' | 'busyMicrosPerRequest' | 'cpuMicrosPerRequest' | 'scale' | 'owners' | 'functions'
> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const parent = new Map<number, number>()
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id)
  const keyOf = (node: ProfileNode) =>
    `${node.callFrame.functionName}\u0000${node.callFrame.url}\u0000${node.callFrame.lineNumber}:${node.callFrame.columnNumber}`
  const info = new Map(profile.nodes.map((n) => [keyOf(n), n]))
  const self = new Map<string, number>()
  const total = new Map<string, number>()
  const attributed = new Map<string, number>()
  const owners = zeroes(OWNERS)
  interface Stack {
    keys: string[]
    owner: Owner
    /** The innermost JS-owned frame, when it is keyward's. */
    keywardKey: string | null
  }
  const stacks = new Map<number, Stack>()
  const stackOf = (id: number): Stack => {
    let stack = stacks.get(id)
    if (stack) return stack
    const keys = new Set<string>()
    let owner: Owner | null = null
    let keywardKey: string | null = null
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const node = byId.get(at)!
      keys.add(keyOf(node))
      if (owner === null) {
        const o = ownerOf(node.callFrame).owner
        if (JS_OWNERS.has(o)) {
          owner = o
          if (o === 'keyward') keywardKey = keyOf(node)
        }
      }
    }
    stack = { keys: [...keys], owner: owner ?? ownerOf(byId.get(id)!.callFrame).owner, keywardKey }
    stacks.set(id, stack)
    return stack
  }
  let idle = 0
  let all = 0
  for (let i = 0; i < profile.samples.length; i++) {
    const node = byId.get(profile.samples[i]!)!
    const delta = profile.timeDeltas[i] ?? 0
    all += delta
    if (node.callFrame.functionName === '(idle)') {
      idle += delta
      continue
    }
    const key = keyOf(node)
    self.set(key, (self.get(key) ?? 0) + delta)
    const stack = stackOf(node.id)
    for (const k of stack.keys) total.set(k, (total.get(k) ?? 0) + delta)
    owners[stack.owner] += delta / requests
    if (stack.keywardKey !== null) attributed.set(stack.keywardKey, (attributed.get(stack.keywardKey) ?? 0) + delta)
  }
  const functions: FunctionCost[] = []
  for (const [key, micros] of total) {
    const node = info.get(key)!
    const { where, owner } = ownerOf(node.callFrame)
    functions.push({
      name: node.callFrame.functionName || '(anonymous)',
      where,
      owner,
      selfMicros: (self.get(key) ?? 0) / requests,
      totalMicros: micros / requests,
      attributedMicros: (attributed.get(key) ?? 0) / requests,
    })
  }
  functions.sort((a, b) => b.selfMicros - a.selfMicros)
  const busy = (all - idle) / requests
  const cpuMicrosPerRequest = cpuMicros === null ? null : cpuMicros / requests
  const scale = cpuMicrosPerRequest === null ? 1 : Math.min(1, cpuMicrosPerRequest / busy)
  for (const f of functions) {
    f.selfMicros *= scale
    f.totalMicros *= scale
    f.attributedMicros *= scale
  }
  for (const owner of Object.keys(owners) as Owner[]) owners[owner] *= scale
  return { requests, busyMicrosPerRequest: busy * scale, cpuMicrosPerRequest, scale, owners, functions }
}

/** Runs one framework's keyward server under --cpu-prof and summarizes the profile. */
export async function profileFramework(
  framework: Framework,
  options: { seconds: number; connections: number; warmupSeconds: number; variant: Variant },
): Promise<ProfileSummary> {
  const dir = fileURLToPath(new URL(`./.runs/profile-${framework}-${options.variant}`, import.meta.url))
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  const server = await startServer(framework, options.variant, [
    '--cpu-prof',
    '--cpu-prof-dir',
    dir,
    '--cpu-prof-interval',
    '250',
  ])
  let served: number
  let cpu: number | null
  try {
    const { url, headers } = benchRequest(server)
    await runLoad({ url, headers, connections: options.connections, seconds: options.warmupSeconds })
    await runLoad({ url, headers, connections: options.connections, seconds: options.seconds })
    served = (await server.stats()).served
    const ticks = cpuTicks(server.pid)
    cpu = ticks === null ? null : ticks * 10_000
  } finally {
    await stopAndClean(server)
  }
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'))
  if (!file) throw new Error(`${framework}: no .cpuprofile written in ${dir}`)
  const profile = JSON.parse(readFileSync(`${dir}/${file}`, 'utf8')) as CpuProfile
  return { framework, variant: options.variant, file: `${dir}/${file}`, ...summarize(profile, served, cpu) }
}

function printSummary(s: ProfileSummary, top: number): void {
  const us = (n: number) => n.toFixed(2).padStart(6)
  console.log(
    `\n## ${s.framework}, ${s.variant === 'baseline' ? 'baseline (no keyward)' : s.variant === 'peer' ? 'peer libraries' : `keyward on the ${s.variant} store`}: ${s.requests.toLocaleString('en-US')} requests (start-up and warm-up included), ${s.busyMicrosPerRequest.toFixed(1)} µs of busy CPU per request`,
  )
  console.log(
    `   process CPU ${s.cpuMicrosPerRequest?.toFixed(1) ?? '?'} µs/request; profile times scaled by ${s.scale.toFixed(2)} to match it`,
  )
  const owners = Object.entries(s.owners).sort((a, b) => b[1] - a[1])
  console.log(
    `   µs/request by owner (Node and native time charged to the JS code that called it): ${owners.map(([o, v]) => `${o} ${v.toFixed(2)}`).join(', ')}`,
  )
  console.log(`   profile: ${s.file}`)
  if (s.variant === 'baseline' || s.variant === 'peer') return
  console.log(`   keyward share of busy CPU: ${((100 * s.owners.keyward) / s.busyMicrosPerRequest).toFixed(1)}%`)
  console.log(
    `\n   keyward functions, µs/request  (attributed = own code + Node APIs it calls, not framework callbacks)`,
  )
  console.log(`   attrib.   self  incl.`)
  const own = s.functions
    .filter((f) => f.owner === 'keyward' && f.attributedMicros + f.selfMicros > 0)
    .sort((a, b) => b.attributedMicros - a.attributedMicros)
  for (const f of own.slice(0, top))
    console.log(`   ${us(f.attributedMicros)} ${us(f.selfMicros)} ${us(f.totalMicros)}  ${f.name}  ${f.where}`)
  console.log(`\n   top ${top} functions by self time, µs/request`)
  console.log(`     self  incl.`)
  for (const f of s.functions.slice(0, top))
    console.log(`   ${us(f.selfMicros)} ${us(f.totalMicros)}  ${f.name}  ${f.where || `(${f.owner})`}`)
}

/** Where a variant spends more than the baseline: self time per function, the largest increases. */
function printDiff(base: ProfileSummary, other: ProfileSummary, top: number): void {
  const key = (f: FunctionCost) => `${f.name} ${f.where}`
  const before = new Map<string, number>()
  for (const f of base.functions) before.set(key(f), (before.get(key(f)) ?? 0) + f.selfMicros)
  const after = new Map<string, { f: FunctionCost; micros: number }>()
  for (const f of other.functions) {
    const entry = after.get(key(f))
    after.set(key(f), { f, micros: (entry?.micros ?? 0) + f.selfMicros })
  }
  const rows = [...after.values()].map(({ f, micros }) => ({ f, delta: micros - (before.get(key(f)) ?? 0) }))
  rows.sort((a, b) => b.delta - a.delta)
  console.log(
    `\n## ${other.framework}: ${other.variant} minus baseline, self time µs/request (largest increases; syscalls such as writev move with machine load, not with keyward)`,
  )
  for (const { f, delta } of rows.slice(0, top))
    console.log(`   ${delta.toFixed(2).padStart(6)}  ${f.name}  ${f.where || `(${f.owner})`}  [${f.owner}]`)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { frameworks, seconds, variants, connections, warmupSeconds } = settingsOrExit(() => ({
    frameworks: frameworksFrom(process.argv[2], 'bench:profile: framework'),
    seconds: integerFrom(process.argv[3], 8, 'bench:profile: seconds'),
    variants: namesFrom(
      process.env.BENCH_PROFILE_VARIANTS,
      [...VARIANTS, ...TELEMETRY_VARIANTS],
      'BENCH_PROFILE_VARIANTS',
      'variant',
      ['baseline', 'memory'],
    ),
    connections: benchConnections(),
    warmupSeconds: benchWarmup(2),
  }))
  await ensureBenchBuild(console.log)
  console.log(
    `profiling ${variants.join(', ')} on ${frameworks.join(', ')}: ${seconds} s of load each with ${loadTool()}, ${connections} connections, --cpu-prof-interval 250 µs`,
  )
  const lines: string[] = []
  for (const framework of frameworks) {
    const summaries: ProfileSummary[] = []
    for (const variant of variants) {
      const summary = await profileFramework(framework, { seconds, connections, warmupSeconds, variant })
      printSummary(summary, 25)
      summaries.push(summary)
    }
    const base = summaries.find((s) => s.variant === 'baseline')
    if (base) for (const s of summaries.filter((x) => x !== base)) printDiff(base, s, 20)
    for (const s of summaries.filter((x) => x !== base)) {
      const line = base
        ? `${framework}: keyward (${s.variant}) ${s.busyMicrosPerRequest.toFixed(1)} µs busy CPU/request vs baseline ${base.busyMicrosPerRequest.toFixed(1)}: +${(s.busyMicrosPerRequest - base.busyMicrosPerRequest).toFixed(1)} µs (${((100 * (s.busyMicrosPerRequest - base.busyMicrosPerRequest)) / base.busyMicrosPerRequest).toFixed(0)}%), of which keyward's own code and the Node APIs it calls ${s.owners.keyward.toFixed(2)} µs; GC ${s.owners.gc.toFixed(2)} vs ${base.owners.gc.toFixed(2)}, framework ${s.owners.framework.toFixed(2)} vs ${base.owners.framework.toFixed(2)}`
        : `${framework}: keyward (${s.variant}) ${s.busyMicrosPerRequest.toFixed(1)} µs busy CPU/request, keyward's own ${s.owners.keyward.toFixed(2)} µs`
      lines.push(line)
    }
  }
  console.log(`\n## Summary\n${lines.join('\n')}`)
}
