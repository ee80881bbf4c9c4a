import { defineConfig } from 'tsup'
import { pageAssetsInline } from './src/web-page/bundle.js'

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    express: 'adapters/express.ts',
    fastify: 'adapters/fastify.ts',
    hono: 'adapters/hono.ts',
    koa: 'adapters/koa.ts',
    nestjs: 'adapters/nestjs.ts',
    fetch: 'adapters/fetch.ts',
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
  esbuildPlugins: [pageAssetsInline('ui')],
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
