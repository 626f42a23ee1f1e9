/**
 * A resource's platform binding: which table holds it, whose rows each caller sees (the scope rule),
 * display joins for its references, uniqueness messages and the hooks for rules a definition cannot
 * say. `query.ts` is the only module that reads a binding's table, always through `scopedBase`.
 */
import { sql, type Kysely, type RawBuilder, type SqlBool, type Transaction } from "kysely";
import type { AnyResource } from "../../contract/resources/kit.js";
import type { ServiceContext } from "../context.js";
import type { Database } from "../db/schema.js";
import { NOTHING, rowsFor, type CallerScope, type IndividualRule } from "../scope.js";

/** The engine reads tables by name; their columns are checked by the generated schema test. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDb = Kysely<any> | Transaction<any>;
export type Row = Record<string, unknown> & { id: number };

/** The condition selecting the rows of a table (under `alias`) the caller may see. */
export type ScopeRule = (scope: CallerScope, alias: string) => RawBuilder<SqlBool>;

/**
 * Who may change a row, per write (`update`, `delete` or a transition's key). The engine applies it on
 * top of the read scope, so a write is never wider than a read; a binding whose rows are read beyond
 * their owner (a shared directory, platform configuration, a task its carrier sees) narrows it here.
 */
export type WriteRule = (scope: CallerScope, alias: string, write: string) => RawBuilder<SqlBool>;

export { NOTHING };
const col = (alias: string, name: string) => sql.ref(`${alias}.${name}`);

/**
 * Business rows owned by an organisation: SYSTEM_USER sees the platform, TENANT_USER the tenant,
 * ORG_USER the organisation; INDIVIDUAL_USER the rows `individual` names (default: owner_user_id = me).
 * The rule itself is `rowsFor` (platform/scope.ts).
 */
export function orgScope(options: { individual?: IndividualRule } = {}): ScopeRule {
  return (scope, alias) => rowsFor(scope, alias, { individual: options.individual });
}

/** Rows written only by their owner: `orgScope`'s rule as a write rule, whatever the write. */
export const ownerWrites = (options: Parameters<typeof orgScope>[0] = {}): WriteRule => {
  const rule = orgScope(options);
  return (scope, alias) => rule(scope, alias);
};

/** Platform configuration every caller of the platform may read; only the platform's staff write it (`platformWrites`). */
export const platformScope: ScopeRule = (scope, alias) => sql<SqlBool>`${col(alias, "platform_id")} = ${scope.platformId}`;
/** Rows only the platform's staff (SYSTEM_USER) see. */
export const platformStaffScope: ScopeRule = (scope, alias) => rowsFor(scope, alias, { staff: "platform" });
export const platformWrites: WriteRule = (scope, alias) => rowsFor(scope, alias, { staff: "platform" });

export interface LabelJoin {
  table: string;
  /** This table's column holding the other row's id. */
  via: string;
  /** The other table's column shown. */
  column: string;
}

export interface Hooks {
  /** Cross-field and cross-table rules before insert; may add columns to `values`. Throw a Refusal to refuse. */
  beforeCreate?(trx: AnyDb, scope: CallerScope, values: Record<string, unknown>, body: Record<string, unknown>): Promise<void>;
  beforeUpdate?(trx: AnyDb, scope: CallerScope, before: Row, values: Record<string, unknown>): Promise<void>;
  beforeDelete?(trx: AnyDb, scope: CallerScope, row: Row): Promise<void>;
  /** Inside the transition's transaction, after the guarded update (e.g. approve the subject's credentials). */
  onTransition?(trx: AnyDb, scope: CallerScope, row: Row, transition: string, input: Record<string, unknown>): Promise<void>;
  /**
   * After commit (notifications). Failures are logged, never undo the change. May answer what the
   * caller must still be told (an invitation's new code): the record carries it as `warning`, and
   * may change `row`, which the answer is built from (a secret shown this once).
   */
  afterTransition?(ctx: ServiceContext, scope: CallerScope, row: Row, transition: string): Promise<string | null | void>;
  /**
   * After commit, as afterTransition. May answer what the caller must still be told (the new
   * administrator's password SMS was refused): the created record carries it as `warning`.
   */
  afterCreate?(ctx: ServiceContext, scope: CallerScope, row: Row): Promise<string | null | void>;
}

/**
 * An action on a set of rows at once (待付款's 支付, 新开票列表's 申请开票), done by the table's owner in one
 * call of its own service (the ledger's pay, billing's apply): the engine mounts no route for it. A
 * record carries the action in `actions` when `offered` holds for the caller (kind, permission, state)
 * and `blocked` names no reason; a row it is offered on but `blocked` holds back carries the reason in
 * `blocked[<action>]` instead, so the list shows its checkbox greyed with that reason. The owner's
 * service checks everything again when the rows are posted.
 */
export interface BulkService {
  offered: (record: Record<string, unknown>, scope: CallerScope) => boolean;
  /** Why rows cannot take part now, by row id (checked for a page of records at once, e.g. 开票须上报成功). */
  blocked?: (db: AnyDb, scope: CallerScope, records: Array<Record<string, unknown>>) => Promise<Map<number, string>>;
}

/** A transition run by its service: the row's id and the transition's parsed inputs. */
export type TransitionService = (ctx: ServiceContext, scope: CallerScope, id: number, input: Record<string, unknown>) => Promise<unknown>;

export interface Binding<D extends AnyResource = AnyResource> {
  def: D;
  table: keyof Database & string;
  scope: ScopeRule;
  /** Narrows who may change a readable row (default: whoever may read it). See `WriteRule`. */
  writeScope?: WriteRule;
  /** Columns whose value names another row: `{ driverName: { table, via, column } }`. */
  labels?: Record<string, LabelJoin>;
  /** A unique value already in use → 4009 with this message (checked among non-deleted rows of the platform). */
  unique?: Record<string, (value: unknown) => string>;
  hooks?: Hooks;
  /** How a new row gets its organisation: "org" (the caller's, or the body's orgId for staff), "platform" (platform-level: no organisation needed). */
  stamp?: "org" | "platform";
  /** Rows carry freight_way / water data: only callers with the water right see them. */
  water?: boolean;
  /** Business number: `{ field, prefix }` filled on create from serial_counters. */
  number?: { field: string; prefix: string };
  /** Extra conditions every query adds (e.g. a view of one subject type). */
  where?: (alias: string) => RawBuilder<SqlBool>;
  /** Columns set on create that the form does not carry (e.g. subject_type of a view). */
  defaults?: Record<string, unknown>;
  /** `false`: the list never counts the whole table (large logs); the search answers `more` instead of an exact total. */
  countTotal?: false;
  /**
   * `false`: the table has no `deleted_at` (an append-only log written by its own service); every row
   * is live (the ledger's tables too). Such a binding is read-only: its definition grants no write, and
   * its transitions, if any, are `services` of the table's owner.
   */
  softDelete?: false;
  /**
   * Row actions that open another page (派车, 重新发货) rather than a transition: offered on a record when
   * the test holds for the caller, given what the row already allows (角色管理's 查看 where it offers no
   * 编辑); the page they open (and its platform call) does the work and the checks.
   */
  linkActions?: Record<string, (record: Record<string, unknown>, scope: CallerScope, allowed: readonly string[]) => boolean>;
  /** What else the keyword box matches besides the definition's keyword fields (e.g. a payment's waybill numbers). */
  keywordAlso?: (alias: string, text: string) => RawBuilder<SqlBool>;
  /** Footer sums the definition's plain `sums` cannot say (a conditional sum, e.g. 收入 = the positive amounts), by FooterSums key. */
  sumsOf?: Record<string, (alias: string) => RawBuilder<number>>;
  /**
   * Transitions carried out by the service that owns the table (the ledger's money moves) instead of
   * the engine's guarded update. The engine checks the caller's kind and permission, the row's scope
   * and its state, then calls the service, which runs its own transaction, locking, idempotency and
   * history (so no resource_events row is written).
   */
  services?: Record<string, TransitionService>;
  /**
   * Brings the table up to date before any read (search, export, one row): red envelopes past their
   * expiry become 已过期 and return their budget, as their own service did before each list.
   */
  beforeRead?: (ctx: ServiceContext, scope: CallerScope) => Promise<unknown>;
  /** Row-set actions the list offers with checkboxes (`BulkService`), by action key. */
  bulk?: Record<string, BulkService>;
  /**
   * Row actions that are not transitions (`def.actions`: 重置密码, 强制下线) are always its owner's
   * service, keyed as in the definition; `services` holds them next to the service-run transitions.
   * `actionGuards` adds what the definition cannot say about a row and the caller (not one's own account):
   * an action whose guard fails is not offered (the service refuses it too).
   */
  actionGuards?: Record<string, (record: Record<string, unknown>, scope: CallerScope) => boolean>;
  /**
   * Values computed in SQL over the row (`alias` names the table's row), by column name: read, filtered,
   * sorted and exported like stored columns (an account's 正常 / 已停用 / 已锁定 from its status and lock
   * time; a value of the waybill a settlement belongs to; 上报状态). The table is read through a subquery
   * that adds them (`source` in query.ts), which both databases flatten.
   */
  computed?: Record<string, (alias: string) => RawBuilder<unknown>>;
  /**
   * Names of the rows a link table ties to each row, joined by「、」into the record key (a user's 角色),
   * and their ids under `ids` when named (an edit form's choices):
   * `{ roleNames: { link: "user_roles", via: "user_id", to: "role_id", table: "roles", column: "name", ids: "roleIds" } }`.
   */
  lists?: Record<string, { link: string; via: string; to: string; table: string; column: string; ids?: string }>;
  /** Generic routes not mounted because a hand-written spec route serves the same path (search, GET :id, POST create, PUT :id). */
  routes?: { search?: false; detail?: false; create?: false; update?: false; delete?: false };
}

export function bindResource<D extends AnyResource>(def: D, binding: Omit<Binding<D>, "def">): Binding<D> {
  const writeScope = binding.writeScope ?? (binding.scope === platformScope ? platformWrites : undefined);
  for (const key of Object.keys(def.actions ?? {})) {
    if (!binding.services?.[key]) throw new Error(`${def.key}: row action「${key}」needs its service in the binding's services`);
  }
  return { def, stamp: "org", ...binding, writeScope };
}
