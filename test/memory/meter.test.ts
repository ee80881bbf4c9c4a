import { createMemoryRateLimiter } from '../../src/stores/memory/rate-limiter.js'
import { runMeterContract } from '../contracts/meter.contract.js'

runMeterContract('memory', () => ({ limiter: createMemoryRateLimiter() }), { propertyRuns: 400 })
