/**
 * `npm run bench:perf` (issue 6): the tally of `perf script` stacks. Each sample's CPU time goes to
 * one owner, user or kernel, and kernel time also to its system call; threads other than the
 * server's main one are counted apart. Synthetic stacks in perf's own output format.
 */
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { createStackTally } from '../../bench/perf-stacks.js'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const PID = 4242
const MAP = `(/tmp/perf-${PID}.map)`

/** `perf script -F tid,period,ip,sym,dso` of one sample, innermost frame first. */
function sample(tid: number, periodNs: number, frames: string[]): string[] {
  return [` ${tid}     ${periodNs} `, ...frames.map((frame, i) => `\t    ${(0x7f00 + i).toString(16)} ${frame}`), '']
}

const HTTP_RESPONSE = sample(PID, 1_000_000, [
  '_raw_spin_unlock_irqrestore ([kernel.kallsyms])',
  'sock_def_readable ([kernel.kallsyms])',
  'do_writev ([kernel.kallsyms])',
  'entry_SYSCALL_64_after_hwframe ([kernel.kallsyms])',
  'node::StreamBase::Writev (/usr/bin/node)',
  `JS:*writevGeneric node:internal/stream_base_commons:123:23 ${MAP}`,
  `JS:*Reply.send ${ROOT}node_modules/fastify/lib/reply.js:156:33 ${MAP}`,
  `JS:*decideRequest file://${ROOT}src/keyward.ts:480:3 ${MAP}`,
])
const KEYWARD_CODE = sample(PID, 1_000_000, [
  'Builtins_KeyedLoadIC_Megamorphic (/usr/bin/node)',
  `JS:*checkKey file://${ROOT}src/key-format.ts:121:18 ${MAP}`,
  `JS:*Reply.send ${ROOT}node_modules/fastify/lib/reply.js:156:33 ${MAP}`,
])
const REDIS_WRITE = sample(PID, 1_000_000, [
  'tcp_sendmsg ([kernel.kallsyms])',
  'ksys_write ([kernel.kallsyms])',
  'node::LibuvStreamWrap::DoTryWrite (/usr/bin/node)',
  `JS:*Socket._writeGeneric node:net:927:42 ${MAP}`,
  `JS:*sendCommand ${ROOT}node_modules/ioredis/built/Redis.js:337:16 ${MAP}`,
])
const EPOLL = sample(PID, 1_000_000, [
  'ep_poll ([kernel.kallsyms])',
  'do_epoll_wait ([kernel.kallsyms])',
  'uv__io_poll (/usr/bin/node)',
])
const MICROTASKS = sample(PID, 1_000_000, [
  'Builtins_PromiseFulfillReactionJob (/usr/bin/node)',
  `JS:*processTicksAndRejections node:internal/process/task_queues:67:35 ${MAP}`,
])
const GC_THREAD = sample(PID + 1, 1_000_000, [
  'v8::internal::ScavengerCollector::CollectGarbage (/usr/bin/node)',
  'start_thread (/usr/lib/x86_64-linux-gnu/libc.so.6)',
])
const UNKNOWN = sample(PID, 1_000_000, ['[unknown] ([unknown])'])

function tally(lines: string[], requests: number) {
  const t = createStackTally(PID)
  for (const line of lines) t.line(line)
  return t.result(requests)
}

describe('bench:perf stack tally (issue 6)', () => {
  it('charges a syscall to the innermost keyward, framework or Redis-client frame above it, in the kernel column', () => {
    const result = tally([...HTTP_RESPONSE, ...REDIS_WRITE], 2)
    // 1 ms of CPU each, over 2 requests: 500 µs per request.
    expect(result.kernel.framework).toBe(500)
    expect(result.kernel['redis-client']).toBe(500)
    expect(result.kernelParts.writev).toBe(500)
    expect(result.kernelParts.write).toBe(500)
    expect(result.user.framework + result.user.keyward + result.user['redis-client']).toBe(0)
    expect(result.total).toBe(1000)
    expect(result.samples).toBe(2)
  })

  it('charges user-space time to the innermost owned JavaScript frame: keyward before the framework that called it', () => {
    const result = tally(KEYWARD_CODE, 1)
    expect(result.user.keyward).toBe(1000)
    expect(result.user.framework).toBe(0)
  })

  it("charges the bundles the servers load to keyward, bench:compare's revision bundle included, and the bench's own code to the handler", () => {
    const bundled = (dir: string) =>
      sample(PID, 1_000_000, [
        'Builtins_KeyedLoadIC_Megamorphic (/usr/bin/node)',
        `JS:*authorize file://${ROOT}bench/.runs/${dir}index.js:120:5 ${MAP}`,
        `JS:*Reply.send ${ROOT}node_modules/fastify/lib/reply.js:156:33 ${MAP}`,
      ])
    const result = tally([...bundled('dist/'), ...bundled('ref-0123456789ab/dist/')], 1)
    expect(result.user.keyward).toBe(2000)
    expect(result.user.handler).toBe(0)
    // A file elsewhere under bench/.runs is the bench's, not a bundle: the handler's.
    expect(tally(bundled('ref-0123456789ab/other/'), 1).user.handler).toBe(1000)
  })

  it("charges Node's own JavaScript to node, a stack with no JavaScript to native, V8's collector to gc", () => {
    const result = tally([...MICROTASKS, ...EPOLL, ...GC_THREAD, ...UNKNOWN], 1)
    expect(result.user.node).toBe(1000)
    expect(result.kernel.native).toBe(1000)
    expect(result.kernelParts.epoll_wait).toBe(1000)
    expect(result.user.gc).toBe(1000)
    expect(result.user.native).toBe(1000)
    expect(result.otherThreads).toBe(1000)
    expect(result.total).toBe(4000)
  })

  it('takes the last sample without a closing blank line, and refuses a recording with no request served', () => {
    const lines = HTTP_RESPONSE.slice(0, -1)
    expect(tally(lines, 4).kernelParts.writev).toBe(250)
    expect(() => tally(KEYWARD_CODE, 0)).toThrow(/no requests were served/)
  })
})
