/**
 * O3: a host declares its `meta` type once (`Register`) and handlers on every framework see it.
 * Compiled as a project of its own so the declaration does not leak into the other type tests.
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

// Asynchronous: a compile blocking the test worker's event loop for long stalls its reports to vitest.
it('O3: the declared meta type reaches records and req.apiKey on Express and Fastify; misuse does not compile', async () => {
  const project = fileURLToPath(new URL('./register/tsconfig.json', import.meta.url))
  const tsc = fileURLToPath(new URL('../../node_modules/typescript/bin/tsc', import.meta.url))
  let output = ''
  try {
    await promisify(execFile)(process.execPath, [tsc, '-p', project, '--noEmit'], { encoding: 'utf8' })
  } catch (error) {
    output = String((error as { stdout?: string }).stdout ?? error)
  }
  expect(output).toBe('')
}, 120_000)
