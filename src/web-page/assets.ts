/**
 * The page's assets. From source they are bundled from `ui/` on first use (tens of milliseconds,
 * once a process), so `npm start`, the tests and the benches serve what `ui/` holds with no step
 * to run and nothing generated to go stale. In the package, tsup replaces this module with the
 * assets as strings (tsup.config.ts): the package holds the page and never loads esbuild.
 */
import { fileURLToPath } from 'node:url'
import { bundlePageAssets, type PageAssets } from './bundle.js'

let assets: PageAssets | undefined

/** The page's HTML template, script, style sheet and icon. */
export function pageAssets(): PageAssets {
  assets ??= bundlePageAssets(fileURLToPath(new URL('../../ui/', import.meta.url)))
  return assets
}
