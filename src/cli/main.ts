#!/usr/bin/env node
/**
 * The `keyward` executable (package.json `bin`): runs the command line on this process's
 * arguments, streams and environment, and exits with the status `run()` returns.
 */
import { run } from './run.js'

// `keyward keys list | head` closes stdout early: that is not an error worth a stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error
  })
}

run(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env }).then(
  (status) => {
    process.exitCode = status
    // Everything run() opened is closed by now, but a library may leave a timer behind (ioredis
    // keeps its connect timer after a refused connection): exit once the output is flushed.
    process.stdout.write('', () => process.stderr.write('', () => process.exit(status)))
  },
  (error: unknown) => {
    // run() catches everything; this is the last line of defence, still without a stack trace.
    process.stderr.write(`keyward: internal error: ${String((error as Error)?.message ?? error)}\n`)
    process.exitCode = 1
  },
)
