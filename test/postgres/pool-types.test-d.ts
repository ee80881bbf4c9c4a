/** S1: keyward/postgres takes a `pg` Pool as it is, typed as the few methods it uses. */
import pg from 'pg'
import { expectTypeOf, test } from 'vitest'
import { createPostgresStores, migrate, type PgPoolLike } from '../../src/stores/postgres/index.js'

test('a pg Pool is a PgPoolLike, for the stores and for migrate', () => {
  expectTypeOf<pg.Pool>().toMatchTypeOf<PgPoolLike>()
  expectTypeOf(createPostgresStores).toBeCallableWith({ pool: new pg.Pool() })
  expectTypeOf(migrate).toBeCallableWith(new pg.Pool(), { schema: 'keyward' })
})
