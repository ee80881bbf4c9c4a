/**
 * `keyward migrate`: creates or updates the schema of the Postgres store, from the migrations
 * shipped in the package. Idempotent and safe while instances run it too (they wait for one
 * another); an app may instead call `migrate(pool)` at start.
 */
import { migrate, SCHEMA_VERSION } from '../../stores/postgres/index.js'
import { stringOption } from '../args.js'
import type { CommandSpec } from '../command.js'
import { CliError, EXIT, usageError } from '../exit-status.js'
import { lines } from '../output.js'
import { DEFAULT_SCHEMA } from '../../stores/postgres/connection.js'
import { openPool } from '../postgres-store.js'

/** Bounds the wait for another instance's migration, and each statement. */
const MIGRATE_TIMEOUT_MS = 60_000

export const migrateCommand: CommandSpec = {
  name: 'migrate',
  summary: 'create or update the schema of the Postgres store',
  usage: 'migrate [--database-url <url>] [--schema <schema>] [options]',
  description: [
    `Applies the migrations of this keyward that the schema lacks (version ${SCHEMA_VERSION}), each in a\ntransaction, creating the schema when it is missing. Running it again changes nothing;\ninstances that migrate at the same time wait for one another.`,
    'With --json, prints { "schema", "applied", "version" }.',
  ],
  positionals: [],
  options: {
    'database-url': {
      type: 'string',
      value: '<url>',
      description: 'the Postgres the service uses (default: $DATABASE_URL)',
    },
    schema: {
      type: 'string',
      value: '<schema>',
      description: `the schema your app gives createPostgresStores() (default ${DEFAULT_SCHEMA})`,
    },
  },
  environment: [
    ['DATABASE_URL', 'the Postgres URL when --database-url is not given'],
    ['KEYWARD_DEBUG', 'set to 1 to print stack traces of unexpected errors'],
  ],
  exitStatuses: [EXIT.ok, EXIT.internal, EXIT.usage, EXIT.store, EXIT.missingPackage],
  examples: [
    'keyward migrate --database-url postgres://app@db.internal:5432/app',
    'DATABASE_URL=postgres://postgres@127.0.0.1/postgres keyward migrate --json',
  ],
  async run({ values, env }) {
    const url = stringOption(values, 'database-url') ?? (env.DATABASE_URL || undefined)
    if (url === undefined)
      throw usageError('migrate needs the Postgres URL: pass --database-url <url> or set DATABASE_URL')
    const schema = stringOption(values, 'schema') ?? DEFAULT_SCHEMA
    const { pool, end, where } = await openPool(url)
    try {
      const result = await migrate(pool, { schema, timeoutMs: MIGRATE_TIMEOUT_MS }).catch((error: unknown) => {
        const message = String((error as Error)?.message ?? error)
        if (error instanceof TypeError)
          throw usageError(message.replace(/^keyward\/postgres: /, '').replace('option "schema"', '--schema'))
        throw new CliError(
          EXIT.store,
          'store_unavailable',
          `migrating ${where} (schema ${schema}) failed: ${message}`,
          {},
          { cause: error },
        )
      })
      const headline =
        result.applied.length === 0
          ? `The schema ${schema} in ${where} is up to date (version ${result.version}).`
          : `Applied migration${result.applied.length === 1 ? '' : 's'} ${result.applied.join(', ')} to the schema ${schema} in ${where}; it is at version ${result.version}.`
      return { json: { schema, ...result }, text: lines(headline) }
    } finally {
      await end()
    }
  },
}
