import { createMemoryStores } from '../../src/stores/memory/index.js'
import { runMeteringPropertyContract } from '../contracts/metering-property.contract.js'

runMeteringPropertyContract('memory stores', () => ({ stores: createMemoryStores() }), { runs: 200 })
