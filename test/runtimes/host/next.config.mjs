/**
 * The host app's Next.js routes, built with `next build` and served with `next start` by
 * test/runtimes/next.test.ts from a copy in a temporary folder. keyward and ioredis are loaded by
 * Node at run time, as installed packages; the folder's node_modules are links into the
 * repository's, so Turbopack's root is the file system's.
 */
export default {
  serverExternalPackages: ['keyward', 'ioredis'],
  turbopack: { root: '/' },
}
