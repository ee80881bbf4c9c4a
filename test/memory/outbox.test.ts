import { createMemoryOutbox } from '../../src/stores/memory/outbox.js'
import { runOutboxContract } from '../contracts/outbox.contract.js'

runOutboxContract('memory', () => ({ outbox: createMemoryOutbox() }))
