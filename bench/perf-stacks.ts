/**
 * Reads `perf script -F tid,period,ip,sym,dso` of a benchmark server (recorded with `-g`, the
 * server started with `--perf-basic-prof`) and tallies CPU time per owner, user and kernel apart.
 *
 * V8's --cpu-prof cannot see the kernel: a syscall shows as its JavaScript caller, and time the
 * process waited for the CPU inflates every figure. perf samples the CPU time itself, kernel
 * included, so it tells what a write to Redis, an HTTP response or a wake-up costs.
 */
import { JS_OWNERS, type Owner, OWNERS, ownerOf, zeroes } from './owners.js'

/** What a kernel sample was doing, from the system call on its stack. */
export type KernelPart = 'writev' | 'write' | 'read' | 'epoll_wait' | 'other'
export const KERNEL_PARTS: readonly KernelPart[] = ['writev', 'write', 'read', 'epoll_wait', 'other']

export interface StackTally {
  /** CPU µs per request, by owner: user-space time, and kernel time charged to the same owner. */
  user: Record<Owner, number>
  kernel: Record<Owner, number>
  /** Kernel µs per request by system call (writev: HTTP responses on Fastify and Hono; write: the Redis client and Express). */
  kernelParts: Record<KernelPart, number>
  /** µs per request on threads other than the main one (GC helpers, compilers, libuv's pool). */
  otherThreads: number
  /** All of it, µs per request. */
  total: number
  samples: number
}

interface Frame {
  symbol: string
  dso: string
}

const KERNEL_DSO = '[kernel.kallsyms]'
/** V8's garbage collector, when a native frame names it. */
const GC_SYMBOL = /Scavenge|MarkCompact|MinorMC|Heap::|Sweeper|ConcurrentMarking|GCTracer|IncrementalMarking/
/** `JS:*name url:line:col` as --perf-basic-prof names compiled JavaScript (1-based positions; `*` optimized, `~` interpreted). */
const JS_FRAME = /^JS:[*~^+-]?(.*) (\S+):(\d+):(\d+)$/
/** A frame line of `perf script`: address, symbol (may be empty or hold spaces), `(dso)`. */
const FRAME_LINE = /^\s*[0-9a-f]+\s+(?:(.*?)\s+)?\((.+)\)$/
/** A sample's header line with `-F tid,period`. */
const HEADER_LINE = /^\s*(\d+)\s+(\d+)\s*$/

function kernelPart(frames: readonly Frame[]): KernelPart {
  for (const { symbol } of frames) {
    if (symbol === 'do_writev' || symbol === '__x64_sys_writev') return 'writev'
    if (symbol === 'ksys_write' || symbol === '__x64_sys_write') return 'write'
    if (symbol === 'ksys_read' || symbol === '__x64_sys_read' || symbol === 'do_readv') return 'read'
    if (symbol === 'do_epoll_wait' || symbol === '__x64_sys_epoll_wait' || symbol === '__x64_sys_epoll_pwait')
      return 'epoll_wait'
  }
  return 'other'
}

/**
 * The owner of a sample, as `bench/profile.ts` charges it: the innermost keyward, framework,
 * Redis client or handler frame; else the innermost JavaScript frame's owner (Node's own code);
 * else GC or native code by the innermost user-space symbol.
 */
function ownerOfStack(frames: readonly Frame[]): Owner {
  let firstJs: Owner | null = null
  for (const { symbol } of frames) {
    const js = JS_FRAME.exec(symbol)
    if (js === null) continue
    const owner = ownerOf({
      functionName: js[1]!,
      url: js[2]!,
      lineNumber: Number(js[3]) - 1,
      columnNumber: Number(js[4]) - 1,
    }).owner
    if (JS_OWNERS.has(owner)) return owner
    firstJs ??= owner
  }
  if (firstJs !== null) return firstJs
  const user = frames.find((f) => f.dso !== KERNEL_DSO)
  return user !== undefined && GC_SYMBOL.test(user.symbol) ? 'gc' : 'native'
}

/**
 * A tally fed `perf script` output a line at a time (it runs to tens of megabytes), for the
 * process `pid`; `result(requests)` turns the sampled time into µs per request.
 */
export function createStackTally(pid: number): { line(text: string): void; result(requests: number): StackTally } {
  const user = zeroes(OWNERS)
  const kernel = zeroes(OWNERS)
  const kernelParts = zeroes(KERNEL_PARTS)
  let otherThreads = 0
  let total = 0
  let samples = 0
  let tid = 0
  let period = 0
  let frames: Frame[] = []

  function end(): void {
    if (period === 0) return
    const micros = period / 1000
    samples++
    total += micros
    if (tid !== pid) otherThreads += micros
    const owner = frames.length === 0 ? 'native' : ownerOfStack(frames)
    if (frames[0]?.dso === KERNEL_DSO) {
      kernel[owner] += micros
      kernelParts[kernelPart(frames)] += micros
    } else {
      user[owner] += micros
    }
    period = 0
    frames = []
  }

  return {
    line(text) {
      if (text.trim() === '') return end()
      const header = HEADER_LINE.exec(text)
      if (header !== null) {
        end()
        tid = Number(header[1])
        period = Number(header[2])
        return
      }
      const frame = FRAME_LINE.exec(text)
      if (frame !== null && period !== 0) frames.push({ symbol: frame[1] ?? '', dso: frame[2]! })
    },
    result(requests) {
      end()
      if (!(requests > 0)) throw new RangeError(`perf: no requests were served while recording (got ${requests})`)
      const per = <K extends string>(record: Record<K, number>): Record<K, number> => {
        const out = { ...record }
        for (const key in out) out[key] /= requests
        return out
      }
      return {
        user: per(user),
        kernel: per(kernel),
        kernelParts: per(kernelParts),
        otherThreads: otherThreads / requests,
        total: total / requests,
        samples,
      }
    },
  }
}
