/**
 * The Next.js app of the parity table, built with `next build` and served with `next start` by
 * test/runtimes/next.test.ts from a copy in a temporary folder. The parity host is loaded by Node
 * at run time, as an installed package; the folder's node_modules are links into the repository's,
 * so Turbopack's root is the file system's.
 */
export default {
  serverExternalPackages: ['keyward-parity-host', 'ioredis'],
  turbopack: { root: '/' },
}
