import { resolve } from 'node:path'
import type { Plugin } from 'esbuild'
import { defineConfig } from 'tsup'
import { bundlePageAssets } from './src/web-page/bundle.js'

/**
 * The web page goes into the package as strings: src/web-page/assets.ts, which bundles ui/ from
 * source, is replaced by its result, so no host runs a build and the package never loads esbuild.
 */
const pageAssetsInline: Plugin = {
  name: 'keyward-page-assets',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/]web-page[\\/]assets\.ts$/ }, () => {
      const assets = JSON.stringify(bundlePageAssets(resolve('ui')))
      return { contents: `const assets = ${assets};\nexport function pageAssets() { return assets }\n`, loader: 'js' }
    })
  },
}

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    express: 'adapters/express.ts',
    fastify: 'adapters/fastify.ts',
    hono: 'adapters/hono.ts',
    koa: 'adapters/koa.ts',
    nestjs: 'adapters/nestjs.ts',
    redis: 'src/stores/redis/index.ts',
    postgres: 'src/stores/postgres/index.ts',
    testing: 'src/testing.ts',
    client: 'src/client/index.ts',
    cli: 'src/cli/main.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  // Shared chunks keep one copy of each class, so `instanceof` holds across subpaths.
  splitting: true,
  sourcemap: true,
  clean: true,
  target: 'node20',
  treeshake: true,
  esbuildPlugins: [pageAssetsInline],
  external: [
    'express',
    'fastify',
    'fastify-plugin',
    'hono',
    'koa',
    '@nestjs/common',
    '@nestjs/core',
    'ioredis',
    'redis',
    'pg',
    '@hono/node-server',
  ],
})
