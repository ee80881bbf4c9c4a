/**
 * A Nest app with one protected route, GET /api/v1/echo, whose handler records that it ran: for the
 * adapter tests written without decorators (test/adapters/client-gone.test.ts), which load it by a
 * specifier their own program does not compile.
 */
import 'reflect-metadata'
import type { Server } from 'node:http'
import { Controller, Get, Module } from '@nestjs/common'
import { NestFactory } from '@nestjs/core'
import { FastifyAdapter } from '@nestjs/platform-fastify'
import { KeywardModule } from '../../adapters/nestjs.js'
import type { Keyward } from '../../src/keyward.js'

export async function listenNestEcho(
  keyward: Keyward,
  handled: string[],
  platform: 'express' | 'fastify',
): Promise<Server> {
  @Controller('api/v1')
  class EchoController {
    @Get('echo')
    echo() {
      handled.push('handler')
      return { data: { ok: true } }
    }
  }
  @Module({ imports: [KeywardModule.forRoot(keyward, { onError: () => undefined })], controllers: [EchoController] })
  class EchoModule {}
  const app =
    platform === 'express'
      ? await NestFactory.create(EchoModule, { logger: false })
      : await NestFactory.create(EchoModule, new FastifyAdapter(), { logger: false })
  await app.listen(0, '127.0.0.1')
  return app.getHttpServer() as Server
}
