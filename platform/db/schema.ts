/**
 * The whole database, as Kysely sees it. Each service declares its tables in its own `schema.ts`; the
 * composition root (`platform/composition.ts`) merges them into this interface, so `db/` imports no
 * service.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging at the composition root
export interface Database {}
