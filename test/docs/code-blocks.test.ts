/**
 * Every TypeScript/JavaScript block of README.md and docs/*.md is code a user copies (issue 38,
 * item 7). Each block's fence says what it is: `ts run` (type-checked, then run), `ts check`
 * (type-checked only: it needs a service this test does not give it) or `ts fragment` (a few
 * lines that lean on code around them). A block with none of these fails the first test.
 *
 * The blocks are checked as a user meets them: against the packed tarball (`npm pack` of a fresh
 * copy of the tree) installed in a new project, with `module: NodeNext` and `strict`. Peers come
 * from this repository's node_modules by symlink, so nothing is downloaded. Servers that listen on
 * 3000 are moved to a free port, asked for the curl line they print, then stopped.
 */
import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { copyFreshTree, npmPack, removeTree, ROOT } from '../helpers/package-tree.js'
import { freePort, type RedisProcess, startRedisServer } from '../helpers/redis.js'

type Mode = 'run' | 'check' | 'fragment'

interface Block {
  /** `README.md:17`: the file and the line of the opening fence. */
  where: string
  mode: Mode | null
  code: string
  /** The file the block becomes in the project. */
  file: string
}

const LANGUAGES = new Set(['ts', 'typescript', 'js', 'javascript', 'mjs', 'tsx'])
const MODES = new Set<string>(['run', 'check', 'fragment'])

/** The TS/JS blocks of one Markdown file, with the mode word of each fence's info string. */
function blocksOf(relative: string): Block[] {
  const lines = readFileSync(join(ROOT, relative), 'utf8').split('\n')
  const blocks: Block[] = []
  for (let i = 0; i < lines.length; i++) {
    const fence = /^\s*```(\S*)\s*(.*)$/.exec(lines[i]!)
    if (!fence) continue
    const end = lines.findIndex((line, j) => j > i && /^\s*```\s*$/.test(line))
    if (LANGUAGES.has(fence[1]!)) {
      const word = fence[2]!.trim()
      const where = `${relative}:${i + 1}`
      const file = `${relative.replace(/\.md$/, '').replace(/\W+/g, '-')}-${i + 1}`.toLowerCase()
      const code = lines.slice(i + 1, end).join('\n')
      const test = /from 'vitest'/.test(code)
      const mode = MODES.has(word) ? (word as Mode) : null
      blocks.push({ where, mode, code, file: `${file}${test ? '.test' : ''}.ts` })
    }
    i = end
  }
  return blocks
}

const DOCS = readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md'))
const MARKDOWN = ['README.md', ...DOCS.map((name) => `docs/${name}`)]
const BLOCKS = MARKDOWN.flatMap(blocksOf)
const CHECKED = BLOCKS.filter((b) => b.mode === 'run' || b.mode === 'check')
const RUN = BLOCKS.filter((b) => b.mode === 'run')

/**
 * Printed after a run block's last line, so a block that leaves a connection open (as an app
 * does) has still run to its end.
 */
const DONE = 'docs-block: ran to its last line'

function isVitestFile(block: Block): boolean {
  return block.file.endsWith('.test.ts')
}

/** What the project needs besides keyward: its dependencies, the peers and their types, from this repository. */
const LINKED = [
  ...[
    'express',
    'fastify',
    'fastify-plugin',
    'ipaddr.js',
    'hono',
    '@hono/node-server',
    'ioredis',
    'redis',
    'pg',
    '@opentelemetry/api',
    // The OpenAPI generators docs/openapi.md shows keyward with.
    '@fastify/swagger',
    'hono-openapi',
    // docs/koa.md and docs/nestjs.md.
    'koa',
    '@koa/router',
    '@nestjs/common',
    '@nestjs/core',
    '@nestjs/platform-express',
    'reflect-metadata',
    'rxjs',
  ],
  ...['@types', 'vitest'],
]

let tree: string | undefined
let project: string
let redis: RedisProcess | undefined
/** tsc's diagnostics, by the file they are in (a path under the project). */
const diagnostics = new Map<string, string[]>()

beforeAll(async () => {
  tree = copyFreshTree()
  project = mkdtempSync(join(tmpdir(), 'keyward-docs-'))
  const { filename } = await npmPack(tree, ['--pack-destination', project])
  mkdirSync(join(project, 'node_modules', '@hono'), { recursive: true })
  mkdirSync(join(project, 'node_modules', '@fastify'), { recursive: true })
  mkdirSync(join(project, 'node_modules', '@opentelemetry'), { recursive: true })
  mkdirSync(join(project, 'node_modules', '@koa'), { recursive: true })
  mkdirSync(join(project, 'node_modules', '@nestjs'), { recursive: true })
  execFileSync('tar', ['-xzf', join(project, filename), '-C', project])
  renameSync(join(project, 'package'), join(project, 'node_modules', 'keyward'))
  for (const name of LINKED) symlinkSync(join(ROOT, 'node_modules', name), join(project, 'node_modules', name), 'dir')
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'docs-blocks', private: true, type: 'module' }))
  const compilerOptions = {
    ...{ module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', strict: true },
    ...{ outDir: 'out', rootDir: 'src' },
    // What every Nest app sets (docs/nestjs.md): its decorators and constructor injection need them.
    ...{ experimentalDecorators: true, emitDecoratorMetadata: true },
    // @types/koa is written against @types/content-disposition; the peers linked from this
    // repository would hand it Express 5's hoisted content-disposition 2, whose own types differ.
    paths: { 'content-disposition': ['./node_modules/@types/content-disposition'] },
  }
  writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['src'] }))
  mkdirSync(join(project, 'src'))
  for (const block of CHECKED) {
    const done = block.mode === 'run' && !isVitestFile(block) ? `\nconsole.log('${DONE}')` : ''
    writeFileSync(join(project, 'src', block.file), `${block.code}${done}\n`)
  }
  writeFileSync(join(project, 'listen-port.mjs'), LISTEN_PORT)
  const tsc = await typeCheck(project)
  for (const line of tsc.split('\n')) {
    const at = /^(.+?)\(\d+,\d+\): error /.exec(line)
    if (at) diagnostics.set(at[1]!, [...(diagnostics.get(at[1]!) ?? []), line])
  }
  if (RUN.some((b) => b.code.includes("'keyward/redis'"))) redis = await startRedisServer()
}, 180_000)

afterAll(async () => {
  await redis?.stop()
  removeTree(tree)
  removeTree(project)
})

/**
 * Loaded with `--import`: the examples listen on port 3000; this moves them to `DOCS_EXAMPLE_PORT`,
 * so a busy 3000 cannot fail the test.
 */
const LISTEN_PORT = `import net from 'node:net'
const port = Number(process.env.DOCS_EXAMPLE_PORT)
const listen = net.Server.prototype.listen
net.Server.prototype.listen = function (...args) {
  if (args[0] === 3000) args[0] = port
  else if (typeof args[0] === 'object' && args[0] !== null && args[0].port === 3000) args[0] = { ...args[0], port }
  return listen.apply(this, args)
}
`

/** tsc's report on the project (it exits non-zero when it finds errors: that is not a failure here). */
async function typeCheck(dir: string): Promise<string> {
  const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc')
  try {
    const args = [tsc, '-p', dir, '--pretty', 'false']
    const { stdout } = await promisify(execFile)(process.execPath, args, { cwd: dir, timeout: 120_000 })
    return stdout
  } catch (error) {
    const { stdout, killed } = error as { stdout?: string; killed?: boolean }
    if (killed || stdout === undefined) throw error
    return stdout
  }
}

interface Finished {
  code: number | null
  stdout: string
  stderr: string
}

/** Starts a block's compiled module (or, for a vitest file, vitest on its source) in the project. */
interface Started {
  child: ChildProcess
  /** What it has printed so far. */
  output: () => Finished
  exited: Promise<Finished>
}

function startBlock(block: Block, env: Record<string, string>): Started {
  const args = isVitestFile(block)
    ? [join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run', `src/${block.file}`]
    : ['--import', './listen-port.mjs', `out/${block.file.replace(/\.ts$/, '.js')}`]
  const child = spawn(process.execPath, args, {
    cwd: project,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  const output = (): Finished => ({ code: child.exitCode, stdout, stderr })
  const exited = new Promise<Finished>((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })))
  return { child, output, exited }
}

/** The `curl -H "Authorization: Bearer …" http://…` line a quick start prints once it listens. */
const CURL = /curl -H "Authorization: Bearer (\S+)" (http:\/\/\S+)/

/**
 * B1: a quick start that prints a curl line for its scoped route shows a key without that scope
 * refused there, as the block's comment says.
 */
async function expectScopedRefusal(stdout: string, port: number): Promise<void> {
  const scoped = [...stdout.matchAll(new RegExp(CURL.source, 'g'))].find((line) => line[2]!.endsWith('/reports'))
  if (!scoped) return // a block without a scoped route's curl line
  const url = scoped[2]!.replace(':3000/', `:${port}/`)
  const response = await fetch(url, { headers: { authorization: `Bearer ${scoped[1]}` } })
  const body = (await response.json()) as { error: { code: string; message: string } }
  expect(response.status, JSON.stringify(body)).toBe(403)
  expect(body.error).toMatchObject({ code: 'forbidden', message: expect.stringContaining('"reports:read" scope') })
}

/** Runs a server block until it prints its curl line, then calls that URL and stops the server. */
async function runServer(block: Block): Promise<void> {
  const port = await freePort()
  const started = startBlock(block, { DOCS_EXAMPLE_PORT: String(port) })
  try {
    const curl = await new Promise<RegExpExecArray>((resolve, reject) => {
      // Every curl line the block prints, so a second one (its scoped route) is there to call too.
      const lines = block.code.match(/console\.log\(`curl /g)?.length ?? 1
      started.child.stdout!.on('data', () => {
        const stdout = started.output().stdout
        const match = CURL.exec(stdout)
        if (match && stdout.match(new RegExp(CURL.source, 'g'))!.length >= lines) resolve(match)
      })
      void started.exited.then((end) => {
        reject(new Error(`exited with ${end.code} before printing a curl line: ${end.stderr}${end.stdout}`))
      })
    })
    const url = curl[2]!.replace(':3000/', `:${port}/`)
    const response = await fetch(url, { headers: { authorization: `Bearer ${curl[1]}` } })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ data: { hello: 'org_acme' } })
    await expectScopedRefusal(started.output().stdout, port)
  } finally {
    started.child.kill('SIGKILL')
    await started.exited
  }
}

describe('the code blocks of README.md and docs/ (issue 38)', () => {
  it('every TypeScript/JavaScript block is marked `ts run`, `ts check` or `ts fragment`', () => {
    expect(BLOCKS.length).toBeGreaterThan(10)
    const unmarked = BLOCKS.filter((b) => b.mode === null).map((b) => b.where)
    expect(unmarked, 'open each of these blocks with ```ts run, ```ts check or ```ts fragment').toEqual([])
  })

  it('B1: every README quick start prints a curl line for its scoped route, which refuses the new key', () => {
    const quickStarts = RUN.filter((b) => b.where.startsWith('README.md') && /\.listen\(/.test(b.code))
    expect(quickStarts.length).toBeGreaterThanOrEqual(3)
    for (const block of quickStarts) expect(block.code, block.where).toContain('/api/v1/reports`)')
  })

  it('the packed types of keyward and its peers type-check under NodeNext and strict', () => {
    const outside = [...diagnostics].filter(([file]) => !file.startsWith('src/')).flatMap(([, lines]) => lines)
    expect(outside).toEqual([])
  })

  const checked = CHECKED.map((b) => [b.where, b] as const)
  it.each(checked)('%s type-checks against the packed tarball (NodeNext, strict)', (_where, block) => {
    expect(diagnostics.get(`src/${block.file}`) ?? []).toEqual([])
  })

  it.each(RUN.map((b) => [b.where, b] as const))(
    '%s runs',
    async (_where, block) => {
      if (/\.listen\(/.test(block.code)) {
        await runServer(block)
        return
      }
      const started = startBlock(block, redis ? { REDIS_URL: redis.url } : {})
      // Stopped once it has printed DONE (a Redis client stays connected), or after 30 s.
      const timer = setTimeout(() => started.child.kill('SIGKILL'), 30_000)
      started.child.stdout!.on('data', () => {
        if (started.output().stdout.includes(DONE)) started.child.kill('SIGKILL')
      })
      const end = await started.exited
      clearTimeout(timer)
      if (isVitestFile(block)) expect(end.code, `${end.stderr}\n${end.stdout}`).toBe(0)
      else expect(end.stdout, end.stderr).toContain(DONE)
      expect(end.stderr).not.toMatch(/Error/)
    },
    40_000,
  )
})
