/**
 * R1: a framework's own request errors on keyward's paths become keyward's error envelope with the
 * framework's meaning kept: a body that is not JSON, and (Fastify) a schema's validation message.
 * Each adapter reads its framework's error; the kit knows no framework.
 */
import type { AddressInfo } from 'node:net'
import express from 'express'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { keywardExpress } from '../../adapters/express.js'
import { keywardFastify } from '../../adapters/fastify.js'
import { createKeyward } from '../../src/keyward.js'

const NOT_JSON = { error: { code: 'invalid_request', message: 'Invalid request: the request body is not valid JSON.' } }

describe('Express: body-parser errors on keyward paths (R1)', () => {
  let url = ''
  let close = () => {}
  beforeAll(async () => {
    const api = keywardExpress(createKeyward())
    api.post('/api/v1/echo', api.public(), express.json(), (req, res) => {
      res.json({ data: req.body })
    })
    const app = express()
    app.use(api)
    app.use(api.errorHandler)
    const server = app.listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    close = () => server.close()
  })
  afterAll(() => close())

  it('R1: a body that is not JSON → 400 invalid_request, "not valid JSON"', async () => {
    const headers = { 'content-type': 'application/json' }
    const response = await fetch(`${url}/api/v1/echo`, { method: 'POST', headers, body: '{nope' })
    const body = await response.json()
    expect({ status: response.status, body }).toEqual({ status: 400, body: NOT_JSON })
  })
})

describe('Fastify: content-type parser and schema errors on keyward paths (R1)', () => {
  let app: FastifyInstance
  beforeAll(async () => {
    app = Fastify()
    await app.register(keywardFastify, { keyward: createKeyward() })
    const schema = { body: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } }
    const config = { keyward: { public: true } }
    app.post('/api/v1/echo', { config, schema }, async (request) => ({ data: request.body }))
    await app.ready()
  })
  afterAll(() => app.close())

  const post = (payload: string) =>
    app.inject({ method: 'POST', url: '/api/v1/echo', headers: { 'content-type': 'application/json' }, payload })

  it('R1: a body that is not JSON → 400 invalid_request, "not valid JSON"', async () => {
    const response = await post('{nope')
    expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 400, body: NOT_JSON })
  })

  it('R1: an empty JSON body → 400 invalid_request, "not valid JSON"', async () => {
    const response = await post('')
    expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 400, body: NOT_JSON })
  })

  it("R1: a body the route's schema refuses → 400 invalid_request with the schema's message", async () => {
    const response = await post('{}')
    const message = "Invalid request: body must have required property 'name'."
    const expected = { error: { code: 'invalid_request', message } }
    expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 400, body: expected })
  })
})
