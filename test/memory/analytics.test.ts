/** The memory stores' outcome counters pass the analytics contract (N1, N2, N5). */
import { createMemoryStores } from '../../src/stores/memory/index.js'
import { runAnalyticsContract } from '../contracts/analytics.contract.js'

runAnalyticsContract('memory', () => ({ stores: createMemoryStores() }), { deletesOnPass: true })
