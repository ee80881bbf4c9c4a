/**
 * A real local Redis Cluster for the tests: three masters started with
 * `redis-server --cluster-enabled yes`, joined by `redis-cli --cluster create … --cluster-replicas 0`,
 * and torn down afterwards. Needs `redis-server` and `redis-cli` on PATH.
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { Cluster, Redis } from 'ioredis'
import { createCluster } from 'redis'
import { type RedisProcess, freePort, startRedisServer } from './redis.js'

const run = promisify(execFile)

export interface RedisCluster {
  /** One `{ host, port }` per master. */
  readonly nodes: { host: string; port: number }[]
  /** `redis://host:port` of each master. */
  readonly urls: string[]
  /** Each master's process, in the order of `nodes`: to freeze (SIGSTOP) or stop one. */
  readonly servers: readonly RedisProcess[]
  stop(): Promise<void>
}

/** Until every node reports `cluster_state:ok` with all 16384 slots, or `timeoutMs` passes. */
async function waitUntilHealthy(ports: number[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (const port of ports) {
    const client = new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0 })
    try {
      await client.connect()
      for (;;) {
        const info = await client.cluster('INFO')
        if (/cluster_state:ok/.test(info) && /cluster_slots_ok:16384/.test(info)) break
        if (Date.now() > deadline) throw new Error(`cluster node ${port} not healthy:\n${info}`)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    } finally {
      client.disconnect()
    }
  }
}

/** Starts `masters` cluster-enabled servers on free ports (each with a free bus port) and joins them. */
export async function startRedisCluster(masters = 3): Promise<RedisCluster> {
  const ports: number[] = []
  while (ports.length < masters) {
    const port = await freePort(true)
    if (!ports.includes(port)) ports.push(port)
  }
  const servers: RedisProcess[] = []
  try {
    for (const port of ports) {
      servers.push(
        await startRedisServer({
          port,
          // The node config file lands in the server's own temporary --dir.
          extraArgs: [
            '--cluster-enabled',
            'yes',
            '--cluster-config-file',
            `nodes-${port}.conf`,
            '--cluster-node-timeout',
            '5000',
          ],
        }),
      )
    }
    await run(
      'redis-cli',
      ['--cluster', 'create', ...ports.map((p) => `127.0.0.1:${p}`), '--cluster-replicas', '0', '--cluster-yes'],
      {
        timeout: 30_000,
      },
    )
    await waitUntilHealthy(ports, 30_000)
  } catch (error) {
    await Promise.all(servers.map((server) => server.stop()))
    throw error
  }
  return {
    nodes: ports.map((port) => ({ host: '127.0.0.1', port })),
    urls: ports.map((port) => `redis://127.0.0.1:${port}`),
    servers,
    async stop() {
      await Promise.all(servers.map((server) => server.stop()))
    },
  }
}

/** A three-master cluster with an ioredis and a node-redis cluster client on it, both failing fast. */
export interface ClusterWithClients {
  cluster: RedisCluster
  ioCluster: Cluster
  nodeCluster: ReturnType<typeof createCluster>
  /** Closes both clients and stops the cluster. */
  stop(): Promise<void>
}

export async function startClusterWithClients(): Promise<ClusterWithClients> {
  const cluster = await startRedisCluster(3)
  const ioCluster = new Cluster(cluster.nodes, { enableOfflineQueue: false, redisOptions: { connectTimeout: 1000 } })
  ioCluster.on('error', () => {})
  await new Promise<void>((resolve, reject) => {
    ioCluster.once('ready', resolve)
    ioCluster.once('error', reject)
  })
  const nodeCluster = createCluster({
    rootNodes: cluster.urls.map((url) => ({ url })),
    defaults: { disableOfflineQueue: true, socket: { connectTimeout: 1000 } },
  })
  nodeCluster.on('error', () => {})
  await nodeCluster.connect()
  return {
    cluster,
    ioCluster,
    nodeCluster,
    async stop() {
      ioCluster.disconnect()
      await nodeCluster.close().catch(() => undefined)
      await cluster.stop()
    },
  }
}
