import { describeClientContract } from './client-contract.suite.js'
import { startEmulatedTarget } from './support/target.js'

// The shared suite against the contract emulator. The reference server gets its own StartTarget.
describeClientContract('the contract emulator', startEmulatedTarget)
