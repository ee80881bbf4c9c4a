/**
 * The package version, inlined by the bundler at build time (and read from package.json when the
 * CLI runs from source), so `keyward --version` needs no file lookup at run time.
 */
import packageJson from '../../package.json' with { type: 'json' }

export const CLI_VERSION: string = packageJson.version
