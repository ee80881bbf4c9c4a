// Loaded with `node --import`: pg resolves as if it were not installed, exactly as Node reports a
// missing package (ERR_MODULE_NOT_FOUND, "Cannot find package 'pg'"). Nothing else changes.
import { register } from 'node:module'

const hook = `
export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'pg' || specifier.startsWith('pg/')) {
    return nextResolve(specifier, { ...context, parentURL: 'file:///keyward-test-without-node-modules/index.js' })
  }
  return nextResolve(specifier, context)
}
`
register(`data:text/javascript,${encodeURIComponent(hook)}`)
