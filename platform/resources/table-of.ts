/**
 * An engine table's column types derived from its resource definition, so a field is described once
 * (docs/design/rule-homes.md, "Table types from the definition"). Each stored field becomes its column
 * (the field's `column`, or the snake_case of its key) with the type the engine writes: text, enum,
 * date, datetime and region as their string values, images as JSON text, numbers as integers (kg, fen,
 * basis points, ids), bool as 0/1. A required field is NOT NULL, any other nullable; what the migration
 * says differently is said in the table's description, which `tests/integration/table-columns.test.ts`
 * checks against the migrated database on SQLite and PostgreSQL.
 */
import type { Generated } from "kysely";
import type { AnyResource, Field, ResourceDef } from "../../contract/resources/kit.js";

/** snake_case of a camelCase key, as `snake` in contract/resources/derive.ts (`cardLast4` → `card_last4`). */
type Snake<S extends string, Done extends string = ""> = S extends `${infer H}${infer T}` ? Snake<T, `${Done}${H extends Lowercase<H> ? H : `_${Lowercase<H>}`}`> : Done;

type FieldsOf<D extends AnyResource> = D["fields"];
type KeyOf<D extends AnyResource> = keyof FieldsOf<D> & string;

/**
 * What the migration says that the definition does not: field keys (and the status field's key).
 * - `status`: the key of the definition's status field (its column holds the machine's states);
 * - `generated`: the column has a default, so an insert may leave it out (NOT NULL unless also `nullable`);
 * - `nullable`: a required field whose column still takes null (added to a table that already had rows);
 * - `notNull`: a field the form may leave empty whose column is NOT NULL (the engine, a hook or the
 *   owning service always writes it: a business number, a copied name, a status);
 *   a field whose `required` its type does not know (a helper passing it on as a boolean) must be in
 *   one of these two lists, so the type never guesses;
 * - `omit`: a field that is no column of the table (computed in SQL by the binding, or a second field
 *   over another field's column).
 */
export interface ColumnHints {
  status?: string;
  generated?: readonly string[];
  nullable?: readonly string[];
  notNull?: readonly string[];
  omit?: readonly string[];
}

type HintKey = Exclude<keyof ColumnHints, "status">;
type Known<D extends AnyResource, H> = KeyOf<D> | (H extends { status: infer S extends string } ? S : never);
type Names<H, P extends HintKey> = H extends { [Q in P]: readonly (infer E)[] } ? E : never;
/** Fields whose type says `required: boolean` rather than `true` or `false`. */
type Unsure<D extends AnyResource> = { [K in KeyOf<D>]: boolean extends FieldsOf<D>[K]["required"] ? K : never }[KeyOf<D>];
type Unlisted<D extends AnyResource, H> = Exclude<Unsure<D>, Names<H, "nullable"> | Names<H, "notNull"> | Names<H, "omit">>;
/**
 * Hints naming only the definition's fields (a typo is a type error, not a silently untyped column), and
 * every field of unknown requiredness.
 */
type Checked<D extends AnyResource, H> = { [P in HintKey]?: readonly Known<D, H>[] } & ([Unlisted<D, H>] extends [never] ? unknown : { "list as nullable or notNull": Unlisted<D, H> });

/** A table's description: the definition and the hints; the type of `tableOf(...)` is what `TableOf` reads. */
export type TableDescription<D extends AnyResource = AnyResource, H extends ColumnHints = ColumnHints> = { readonly def: D } & Readonly<H>;

export function tableOf<D extends AnyResource, const H extends ColumnHints>(def: D, hints: H & Checked<D, H>): TableDescription<D, H> {
  return { def, ...hints };
}

type Listed<H, P extends HintKey, K> = [K] extends [Names<H, P>] ? true : false;

/** The value the engine stores for a field (platform/resources/query.ts `toColumn`). */
type Stored<F> = F extends Field<infer T> ? (T extends boolean ? number : T extends readonly unknown[] ? string : T) : never;

type ColumnName<K extends string, F> = F extends { column: infer C extends string } ? (string extends C ? never : C) : Snake<K>;

type NullableCell<H, K extends string, Required extends boolean> =
  Listed<H, "nullable", K> extends true ? true : Listed<H, "notNull", K> extends true ? false : Listed<H, "generated", K> extends true ? false : Required extends true ? false : true;

type Cell<H, K extends string, V, Required extends boolean> =
  Listed<H, "generated", K> extends true ? Generated<V | (NullableCell<H, K, Required> extends true ? null : never)> : V | (NullableCell<H, K, Required> extends true ? null : never);

type StateOf<D> = D extends ResourceDef<infer _F, infer S> ? ([S] extends [never] ? string : S) : string;

type StatusColumn<D extends AnyResource, H> = H extends { status: infer S extends string } ? { [P in Snake<S>]: Cell<H, S, StateOf<D>, true> } : unknown;

type FieldColumns<D extends AnyResource, H> = {
  [K in KeyOf<D> as Listed<H, "omit", K> extends true ? never : ColumnName<K, FieldsOf<D>[K]>]: Cell<H, K, Stored<FieldsOf<D>[K]>, FieldsOf<D>[K]["required"] extends true ? true : false>;
};

/**
 * The columns of a table its definition describes (`typeof tableOf(def, hints)`); a table type adds
 * the scope and engine columns and the few the definition does not describe:
 * `interface FreightVehiclesTable extends TableOf<typeof VEHICLE_TABLE>, Scoped, WriteColumns { … }`.
 */
export type TableOf<T extends TableDescription> = FieldColumns<T["def"], T> & StatusColumn<T["def"], T>;
