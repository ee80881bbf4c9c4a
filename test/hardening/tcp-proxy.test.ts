/**
 * The fault proxy the load test relies on does what it claims: forwards bytes in order, delays
 * them, resets, refuses and black-holes connections. A proxy that silently did nothing would make
 * the fault tests pass without any fault.
 */
import { type AddressInfo, type Server, type Socket, connect, createServer } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TcpProxy, startTcpProxy } from '../helpers/tcp-proxy.js'

let echo: Server
let echoPort: number
beforeAll(async () => {
  echo = createServer((socket) => {
    socket.on('error', () => {})
    socket.pipe(socket)
  })
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve))
  echoPort = (echo.address() as AddressInfo).port
})
afterAll(async () => {
  await new Promise<void>((resolve) => echo.close(() => resolve()))
})

async function open(proxy: TcpProxy): Promise<{ socket: Socket; received: () => string; ended: Promise<string> }> {
  const socket = connect({ host: '127.0.0.1', port: proxy.port })
  let text = ''
  socket.setEncoding('utf8')
  socket.on('data', (chunk: string) => (text += chunk))
  const ended = new Promise<string>((resolve) => {
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'))
    socket.once('close', () => resolve('close'))
  })
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
  return { socket, received: () => text, ended }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function until(check: () => boolean, ms = 2000): Promise<void> {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not reached in time')
    await sleep(5)
  }
}

describe('tcp-proxy test helper', () => {
  it('forwards bytes both ways in order', async () => {
    const proxy = await startTcpProxy({ port: echoPort })
    const c = await open(proxy)
    const sent = Array.from({ length: 50 }, (_, i) => `chunk-${i};`)
    for (const part of sent) c.socket.write(part)
    await until(() => c.received().length === sent.join('').length)
    expect(c.received()).toBe(sent.join(''))
    c.socket.destroy()
    await proxy.close()
  })

  it('adds the configured latency each way and keeps order', async () => {
    const proxy = await startTcpProxy({ port: echoPort })
    proxy.setLatency(80)
    const c = await open(proxy)
    const start = Date.now()
    c.socket.write('a')
    c.socket.write('b')
    await until(() => c.received() === 'ab')
    // Up and down: at least two latencies.
    expect(Date.now() - start).toBeGreaterThanOrEqual(150)
    c.socket.destroy()
    await proxy.close()
  })

  it('resetAll resets open connections; refuse resets new ones', async () => {
    const proxy = await startTcpProxy({ port: echoPort })
    const c = await open(proxy)
    proxy.resetAll()
    expect(await c.ended).toBe('ECONNRESET')
    proxy.refuse(true)
    const refused = connect({ host: '127.0.0.1', port: proxy.port })
    const outcome = await new Promise<string>((resolve) => {
      refused.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'))
      refused.once('close', () => resolve('close'))
    })
    expect(['ECONNRESET', 'close']).toContain(outcome)
    proxy.refuse(false)
    const again = await open(proxy)
    again.socket.write('ok')
    await until(() => again.received() === 'ok')
    again.socket.destroy()
    await proxy.close()
  })

  it('a black hole holds bytes; restore("deliver") delivers them in order, restore("reset") resets', async () => {
    const proxy = await startTcpProxy({ port: echoPort })
    const c = await open(proxy)
    proxy.blackhole()
    c.socket.write('held-1;')
    c.socket.write('held-2;')
    await sleep(100)
    expect(c.received()).toBe('')
    proxy.restore('deliver')
    await until(() => c.received() === 'held-1;held-2;')

    proxy.blackhole()
    c.socket.write('lost')
    const fresh = await open(proxy)
    fresh.socket.write('never')
    await sleep(50)
    proxy.restore('reset')
    expect(await c.ended).toBe('ECONNRESET')
    expect(await fresh.ended).toBe('ECONNRESET')
    expect(fresh.received()).toBe('')
    expect(proxy.stats.reset).toBeGreaterThanOrEqual(2)
    await proxy.close()
  })
})

describe('tcp-proxy ordering', () => {
  it('never reorders a stream when latency changes while chunks are in flight', async () => {
    const proxy = await startTcpProxy({ port: echoPort })
    const c = await open(proxy)
    const expected: string[] = []
    for (let i = 0; i < 200; i++) {
      // Latency jumps around, down to 0, while earlier chunks are still queued.
      proxy.setLatency([60, 0, 5, 30, 0, 1][i % 6]!)
      const part = `<${i}>`
      expected.push(part)
      c.socket.write(part)
      if (i % 20 === 0) await sleep(3)
    }
    await until(() => c.received().length === expected.join('').length, 5000)
    expect(c.received()).toBe(expected.join(''))
    c.socket.destroy()
    await proxy.close()
  })
})
