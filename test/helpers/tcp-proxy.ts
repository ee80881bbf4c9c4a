/**
 * A TCP proxy between keyward's Redis client and Redis, for fault tests: it forwards bytes both
 * ways and can add latency, reset every connection, refuse new ones, and black-hole traffic.
 *
 * A black hole holds bytes instead of discarding them, as a network partition does while TCP keeps
 * retransmitting: a byte stream never loses bytes in the middle and goes on (Redis would read half
 * a command and the client would pair replies with the wrong commands). When the hole is lifted,
 * the held bytes are delivered in order (the partition healed) or the connections are reset (TCP
 * gave up), as the test chooses.
 */
import { type AddressInfo, type Server, type Socket, connect, createServer } from 'node:net'

/** What the proxy has seen since it started. */
export interface ProxyStats {
  /** Connections accepted from clients. */
  accepted: number
  /** Connections it reset (resetAll, refuse, upstream failure). */
  reset: number
  /** Bytes forwarded client → upstream and upstream → client. */
  bytesUp: number
  bytesDown: number
}

export interface TcpProxy {
  /** The port clients connect to (127.0.0.1). */
  readonly port: number
  readonly url: string
  /** Connections open right now. */
  readonly open: number
  readonly stats: Readonly<ProxyStats>
  /** Every chunk, in both directions, is delivered this many ms after it arrived (order kept). */
  setLatency(ms: number): void
  /** Sends a TCP RST on every open connection, both sides. */
  resetAll(): void
  /** While on, new connections are reset at once (Redis "down" for new clients). */
  refuse(on: boolean): void
  /** From now on, hold every byte in both directions; new connections are accepted and held too. */
  blackhole(): void
  /** Lifts the black hole: `deliver` sends what was held, in order; `reset` resets those connections. */
  restore(mode: 'deliver' | 'reset'): void
  close(): Promise<void>
}

interface Pipe {
  client: Socket
  upstream: Socket | null
  /** Bytes held while the proxy is a black hole, per direction. */
  heldUp: Buffer[]
  heldDown: Buffer[]
  /** Delayed chunks per direction, due times in order; one timer drains each queue in order. */
  queueUp: Delayed[]
  queueDown: Delayed[]
  timerUp: NodeJS.Timeout | null
  timerDown: NodeJS.Timeout | null
  closed: boolean
}

interface Delayed {
  due: number
  chunk: Buffer
}

export async function startTcpProxy(target: { host?: string; port: number }): Promise<TcpProxy> {
  const host = target.host ?? '127.0.0.1'
  const pipes = new Set<Pipe>()
  const stats: ProxyStats = { accepted: 0, reset: 0, bytesUp: 0, bytesDown: 0 }
  let latency = 0
  let refusing = false
  let holding = false

  function destroy(pipe: Pipe, reset: boolean): void {
    if (pipe.closed) return
    pipe.closed = true
    pipes.delete(pipe)
    if (pipe.timerUp) clearTimeout(pipe.timerUp)
    if (pipe.timerDown) clearTimeout(pipe.timerDown)
    if (reset) stats.reset++
    for (const socket of [pipe.client, pipe.upstream]) {
      if (socket === null) continue
      if (reset && !socket.destroyed && typeof socket.resetAndDestroy === 'function') socket.resetAndDestroy()
      else socket.destroy()
    }
  }

  /**
   * Writes a chunk to the other side after the current latency, never before an earlier chunk:
   * a byte stream must not be reordered, so each direction has one queue drained by one timer
   * (separate timers of different durations may fire out of order).
   */
  function forward(pipe: Pipe, chunk: Buffer, direction: 'up' | 'down'): void {
    const to = direction === 'up' ? pipe.upstream : pipe.client
    if (holding || to === null) {
      ;(direction === 'up' ? pipe.heldUp : pipe.heldDown).push(chunk)
      return
    }
    if (direction === 'up') stats.bytesUp += chunk.length
    else stats.bytesDown += chunk.length
    const queue = direction === 'up' ? pipe.queueUp : pipe.queueDown
    if (latency === 0 && queue.length === 0) {
      if (!to.destroyed) to.write(chunk)
      return
    }
    const last = queue.length > 0 ? queue[queue.length - 1]!.due : 0
    queue.push({ due: Math.max(Date.now() + latency, last), chunk })
    if ((direction === 'up' ? pipe.timerUp : pipe.timerDown) === null) drain(pipe, direction)
  }

  function drain(pipe: Pipe, direction: 'up' | 'down'): void {
    const queue = direction === 'up' ? pipe.queueUp : pipe.queueDown
    const to = direction === 'up' ? pipe.upstream : pipe.client
    const now = Date.now()
    while (queue.length > 0 && queue[0]!.due <= now) {
      const { chunk } = queue.shift()!
      if (!pipe.closed && to !== null && !to.destroyed) to.write(chunk)
    }
    const timer =
      queue.length === 0 || pipe.closed ? null : setTimeout(() => drain(pipe, direction), queue[0]!.due - now)
    if (direction === 'up') pipe.timerUp = timer
    else pipe.timerDown = timer
  }

  function openUpstream(pipe: Pipe): void {
    const upstream = connect({ host, port: target.port })
    upstream.setNoDelay(true)
    upstream.once('connect', () => {
      if (pipe.closed) {
        upstream.destroy()
        return
      }
      pipe.upstream = upstream
      const held = pipe.heldUp.splice(0)
      for (const chunk of held) forward(pipe, chunk, 'up')
    })
    upstream.on('data', (chunk: Buffer) => forward(pipe, chunk, 'down'))
    // Upstream gone (Redis killed): the client sees its connection reset, as it would directly.
    upstream.once('error', () => destroy(pipe, true))
    upstream.once('close', () => destroy(pipe, false))
  }

  const server: Server = createServer((client) => {
    stats.accepted++
    client.setNoDelay(true)
    const pipe: Pipe = {
      client,
      upstream: null,
      heldUp: [],
      heldDown: [],
      queueUp: [],
      queueDown: [],
      timerUp: null,
      timerDown: null,
      closed: false,
    }
    pipes.add(pipe)
    client.on('error', () => destroy(pipe, false))
    client.once('close', () => destroy(pipe, false))
    if (refusing) {
      destroy(pipe, true)
      return
    }
    client.on('data', (chunk: Buffer) => forward(pipe, chunk, 'up'))
    if (!holding) openUpstream(pipe)
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const port = (server.address() as AddressInfo).port

  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    get open() {
      return pipes.size
    },
    stats,
    setLatency(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new TypeError(`tcp-proxy: latency must be >= 0 ms (got ${ms})`)
      latency = ms
    },
    resetAll() {
      for (const pipe of [...pipes]) destroy(pipe, true)
    },
    refuse(on) {
      refusing = on
    },
    blackhole() {
      holding = true
    },
    restore(mode) {
      holding = false
      for (const pipe of [...pipes]) {
        const held = pipe.heldUp.length > 0 || pipe.heldDown.length > 0 || pipe.upstream === null
        if (mode === 'reset' && held) {
          destroy(pipe, true)
          continue
        }
        if (pipe.upstream === null) {
          openUpstream(pipe)
          continue
        }
        for (const chunk of pipe.heldUp.splice(0)) forward(pipe, chunk, 'up')
        for (const chunk of pipe.heldDown.splice(0)) forward(pipe, chunk, 'down')
      }
    },
    async close() {
      for (const pipe of [...pipes]) destroy(pipe, false)
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
