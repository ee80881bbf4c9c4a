/**
 * Builds the page's assets from `ui/`: the script bundled by esbuild into one function scope (so it
 * defines no global), the HTML template, the style sheet and the icon as written. Used from source
 * (assets.ts) and by tsup, which writes the result into the package: the package never imports this.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, resolve } from 'node:path'
import { buildSync, type Plugin } from 'esbuild'
import { OWNER_ID_PATTERN } from '../core/key-input.js'

const require = createRequire(import.meta.url)

/** The page's files as text: `html` is the template that html.ts fills in. */
export interface PageAssets {
  html: string
  script: string
  style: string
  icon: string
}

/** Every asset of the page, from the `ui/` folder at `uiDir`. */
export function bundlePageAssets(uiDir: string): PageAssets {
  const read = (name: string) => readFileSync(join(uiDir, name), 'utf8')
  // The chart library's own sheet first, so the page's rules can refine it.
  const style = `${readFileSync(require.resolve('uplot/dist/uPlot.min.css'), 'utf8')}\n${read('style.css')}`
  return { html: read('index.html'), script: bundleScript(uiDir), style, icon: read('icon.svg') }
}

function bundleScript(uiDir: string): string {
  const result = buildSync({
    entryPoints: [join(uiDir, 'main.ts')],
    tsconfig: join(uiDir, 'tsconfig.json'),
    bundle: true,
    write: false,
    format: 'esm',
    target: 'es2022',
    platform: 'browser',
    charset: 'utf8',
    legalComments: 'none',
    // Served to every browser that opens the page: the chart library is most of it, and minified
    // it weighs about a third less gzipped.
    minify: true,
    logLevel: 'silent',
    // The owner id rule is the library's own, so the page and the server never disagree.
    define: { OWNER_ID_PATTERN_SOURCE: JSON.stringify(OWNER_ID_PATTERN.source) },
  })
  const code = result.outputFiles[0]?.text ?? ''
  // One function scope: the page script defines no global, and nothing outside it reads what it holds.
  return `'use strict';\n(() => {\n${code}})();\n`
}

/**
 * An esbuild plugin that replaces src/web-page/assets.ts, which bundles `ui/` from source, by its
 * result as strings, so what it builds holds the page and never loads esbuild (the package, and
 * the test hosts of other runtimes).
 */
export function pageAssetsInline(uiDir: string): Plugin {
  return {
    name: 'keyward-page-assets',
    setup(build) {
      build.onLoad({ filter: /[\\/]src[\\/]web-page[\\/]assets\.ts$/ }, () => {
        const assets = JSON.stringify(bundlePageAssets(resolve(uiDir)))
        return { contents: `const assets = ${assets};\nexport function pageAssets() { return assets }\n`, loader: 'js' }
      })
    },
  }
}
