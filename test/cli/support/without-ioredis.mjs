// Loaded with `node --import`: ioredis resolves as if it were not installed, exactly as Node
// reports a missing package (ERR_MODULE_NOT_FOUND, "Cannot find package 'ioredis'"). Nothing else
// changes: the CLI runs from source with every other dependency in place.
import { register } from 'node:module'

const hook = `
export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'ioredis' || specifier.startsWith('ioredis/')) {
    return nextResolve(specifier, { ...context, parentURL: 'file:///keyward-test-without-node-modules/index.js' })
  }
  return nextResolve(specifier, context)
}
`
register(`data:text/javascript,${encodeURIComponent(hook)}`)
