/**
 * The resource kit: field builders and `defineResource`. A resource definition is pure data plus Zod,
 * imported by the platform (validation, scoping, allowed actions, export) and by the console (search
 * form, table, detail, form, audit). Each builder writes its Chinese messages once; `derive.ts` turns a
 * definition into schemas, columns and actions for both sides (docs/architecture.md, the resource engine).
 */
import { z } from "zod";
import type { PermissionCode } from "../permissions.js";
import type { UserType } from "../platforms.js";
import { formatMoney, formatRate, formatTonnes, percentToBp, rateInput, yuanPlain } from "../numbers.js";
import { chinaLocalInput, chinaLocalToIso, tonnesToKg, yuanToFen } from "../units.js";
import { chinaDateText, isRealDate, withSpecialCharacterFilter } from "../fields.js";
import type { DocumentKind } from "../documents.js";
import { hasVisibleText, isRegionCode, isStoredUrl, MOBILE_PATTERN, stripSpecialCharacters } from "../validation.js";

export type Tone = "default" | "info" | "success" | "warning" | "error";
export type FieldKind = "text" | "textarea" | "enum" | "weight" | "money" | "rate" | "int" | "date" | "datetime" | "bool" | "ref" | "images" | "region";
export type FilterOp = "eq" | "contains" | "range";
export type Option = { label: string; tone?: Tone };
export type Options = Record<string, Option>;

/** Where a field shows. `detail` names its section (true: 基本信息). `form: "create"` = set on create only. */
export interface Placement {
  list?: boolean;
  detail?: boolean | string;
  form?: boolean | "create";
  export?: boolean;
  filter?: FilterOp | false;
}

export interface InputSpec {
  type: "text" | "select" | "date" | "datetime-local" | "textarea" | "number" | "region";
  maxLength?: number;
  pattern?: string;
  inputMode?: "text" | "decimal" | "numeric" | "tel";
  /** 吨, 元 … shown after the input. */
  suffix?: string;
  placeholder?: string;
  /** Spec 5: strip special characters on blur (names, plates, places, numbers). */
  sanitize?: boolean;
}

export interface Field<T = unknown> extends Placement {
  kind: FieldKind;
  label: string;
  required: boolean;
  /** The stored, non-null value as the platform accepts it (kg, fen, ISO time, ids as numbers). */
  wire: z.ZodType<T, z.ZodTypeDef, unknown>;
  /** The form's text as the wire value; null when it cannot be read (formError then applies). */
  fromForm(text: string): T | null;
  formError: string;
  /** How the value shows in lists, details and exports ("" for none). */
  format(value: T | null | undefined): string;
  /** The value as the form's input text. */
  toInput(value: T | null | undefined): string;
  input: InputSpec;
  options?: Options;
  /** `where`: filter values of the referenced resource its picker offers (e.g. only approved profiles). */
  /**
   * `anyState`: the field may name a row its resource's `choosable` rule would grey (a row that is itself
   * audited, e.g. a 项目 drafted for a 托运人 still 待审核); otherwise only choosable rows are accepted.
   */
  ref?: { resource: string; labelKey: string; where?: Readonly<Record<string, string>>; anyState?: boolean };
  /** Database column; snake_case of the key when absent. */
  column?: string;
  /** Lists mask it (身份证 3401**********1234, 手机 138****5678). */
  mask?: "idCard" | "mobile";
  /** A date of expiry: lists flag it when within 30 days or past, create refuses a past date. */
  expiry?: boolean;
  hint?: string;
  /** Shown for a missing value instead of「-」(a logged-out click's 操作人: 未登录用户). */
  empty?: string;
  /** Region fields: the deepest level the cascader must reach. */
  regionLevel?: "city" | "district";
  /** Free text users write: the platform screens it against the sensitive-word list (domain 6.14) on every write. */
  screen?: boolean;
  /**
   * A choice from one of the platform's dictionaries (字典, `dict_items` of this type): the wire value is
   * the item's code, the platform accepts only an enabled item and writes its name at the head of the
   * input `into` (驳回原因「证件照片模糊」 + 补充说明 → one 审核意见), never a column of its own.
   */
  dict?: { type: string; into: string };
  /** An images field: which kind of document its uploads are, and how many it holds. */
  document?: { kind: DocumentKind; max: number };
}

/**
 * A builder's options. `required` and `column` keep their literal types (`R`, `C`) in the field's type
 * (`Said`), so the platform derives a table's column types from its definition (platform/resources/table-of.ts).
 * Builders return `Said<NoInfer<R>, NoInfer<C>>`: inferred from the options only, never from the
 * `Record<string, Field>` a surrounding `defineResource` expects (which would widen them to boolean, string).
 */
type Common<R extends boolean = boolean, C extends string = string> = Placement & { required?: R; column?: C; hint?: string; screen?: boolean; empty?: string };
/** What the options said of the stored column: required (NOT NULL) or not, and its name when not the key's snake_case. */
export type Said<R extends boolean, C extends string> = { required: R } & ([C] extends [never] ? unknown : { column: C });
type Checked = [test: (value: string) => boolean, message: string];

function make<T, R extends boolean, C extends string>(base: Omit<Field<T>, "required" | keyof Placement | "column" | "hint" | "screen" | "empty">, o: Common<R, C>): Field<T> & Said<R, C> {
  const { required = false, ...rest } = o;
  return { ...base, ...rest, required } as Field<T> & Said<R, C>;
}

const textWire = (label: string, max: number, checks: Checked[] = []) => {
  let schema: z.ZodType<string, z.ZodTypeDef, unknown> = z
    .string({ required_error: `请填写${label}`, invalid_type_error: `${label}必须是文字` })
    .trim()
    .min(1, `请填写${label}`)
    .max(max, `${label}最多 ${max} 个字`)
    .refine((v) => !v.includes("\0"), `${label}含有不允许的字符`)
    .refine(hasVisibleText, `请填写${label}`);
  for (const [test, message] of checks) schema = schema.refine(test, message);
  return schema;
};

/** A dictionary item's code (字典项 编码). */
export const DICT_CODE = /^[A-Za-z0-9_]{1,32}$/;

const plain = (value: unknown) => (value == null ? "" : String(value));

export const f = {
  /** One line of text; `checks` are extra rules with their messages, `sanitize` the spec 5 filter. */
  text<R extends boolean = false, C extends string = never>(label: string, max: number, o: Common<R, C> & { checks?: Checked[]; sanitize?: boolean; mask?: Field["mask"]; placeholder?: string; normalise?: (value: string) => string } = {}): Field<string> & Said<NoInfer<R>, NoInfer<C>> {
    const { checks = [], sanitize, mask, placeholder, normalise, ...rest } = o;
    const checked = textWire(label, max, checks);
    // Spec 5 on the platform too: a marked field is stripped as the console's input is on blur.
    const filtered = sanitize ? (withSpecialCharacterFilter(checked) as unknown as typeof checked) : checked;
    const wire = normalise ? (z.preprocess((v) => (typeof v === "string" ? normalise(v) : v), filtered) as unknown as typeof checked) : filtered;
    return make<string, R, C>(
      {
        kind: "text",
        label,
        wire,
        fromForm: (t) => {
          const text = (sanitize ? stripSpecialCharacters(t) : t).trim();
          return normalise ? normalise(text) : text;
        },
        formError: `${label}格式不正确`,
        format: plain,
        toInput: plain,
        input: { type: "text", maxLength: max, sanitize, placeholder },
        mask,
      },
      rest,
    );
  },
  textarea<R extends boolean = false, C extends string = never>(label: string, max: number, o: Common<R, C> & { checks?: Checked[] } = {}): Field<string> & Said<NoInfer<R>, NoInfer<C>> {
    return { ...f.text(label, max, o), kind: "textarea", input: { type: "textarea", maxLength: max } };
  },
  /** A code of the platform's dictionary `type` (a select of its enabled items); see `Field.dict`. */
  dict<R extends boolean = false, C extends string = never>(label: string, type: string, into: string, o: Common<R, C> = {}): Field<string> & Said<NoInfer<R>, NoInfer<C>> {
    const message = `请选择${label}`;
    const wire = z.string({ required_error: message, invalid_type_error: message }).trim().regex(DICT_CODE, message);
    return make<string, R, C>({ kind: "text", label, wire, fromForm: (t) => t.trim(), formError: message, format: plain, toInput: plain, input: { type: "select" }, dict: { type, into } }, o);
  },
  mobile<R extends boolean = false, C extends string = never>(label: string, o: Common<R, C> & { mask?: boolean } = {}): Field<string> & Said<NoInfer<R>, NoInfer<C>> {
    const { mask, ...rest } = o;
    return { ...f.text(label, 11, { ...rest, checks: [[(v) => MOBILE_PATTERN.test(v), `${label}应为 11 位手机号`]] }), input: { type: "text", maxLength: 11, inputMode: "tel", pattern: MOBILE_PATTERN.source }, mask: mask ? "mobile" : undefined };
  },
  enumOf<const K extends string, R extends boolean = false, C extends string = never>(label: string, options: Record<K, Option>, o: Common<R, C> = {}): Field<K> & Said<NoInfer<R>, NoInfer<C>> {
    const keys = Object.keys(options) as K[];
    const names = keys.map((k) => options[k].label).join("、");
    const wire = z.string({ required_error: `请选择${label}`, invalid_type_error: `请选择${label}` }).refine((v): v is K => (keys as string[]).includes(v), `${label}只能是 ${names}`) as unknown as z.ZodType<K, z.ZodTypeDef, unknown>;
    return make<K, R, C>(
      {
        kind: "enum",
        label,
        wire,
        fromForm: (t) => ((keys as string[]).includes(t) ? (t as K) : null),
        formError: `${label}只能是 ${names}`,
        format: (v) => (v == null ? "" : (options[v as K]?.label ?? String(v))),
        toInput: plain,
        input: { type: "select" },
        options,
      },
      o,
    );
  },
  /** Kilograms on the wire, 吨 with up to 3 decimals in forms, 2 decimals on screen. */
  weightKg<R extends boolean = false, C extends string = never>(label: string, maxKg: number, o: Common<R, C> = {}): Field<number> & Said<NoInfer<R>, NoInfer<C>> {
    const wire = z
      .number({ required_error: `请填写${label}`, invalid_type_error: `${label}必须是数字（千克）` })
      .int(`${label}必须是整数千克`)
      .positive(`${label}必须大于 0`)
      .max(maxKg, `${label}不能超过 ${maxKg / 1000} 吨`);
    return make<number, R, C>(
      { kind: "weight", label, wire, fromForm: tonnesToKg, formError: `${label}应为吨数，最多 3 位小数`, format: (v) => (v == null ? "" : `${formatTonnes(v)} 吨`), toInput: (v) => (v == null ? "" : String(v / 1000)), input: { type: "text", inputMode: "decimal", suffix: "吨" } },
      o,
    );
  },
  /** Fen on the wire, 元 with up to 2 decimals in forms and on screen. */
  moneyFen<R extends boolean = false, C extends string = never>(label: string, maxFen: number, o: Common<R, C> = {}): Field<number> & Said<NoInfer<R>, NoInfer<C>> {
    const wire = z
      .number({ required_error: `请填写${label}`, invalid_type_error: `${label}必须是数字（分）` })
      .int(`${label}必须是整数分`)
      .min(0, `${label}不能为负数`)
      .max(maxFen, `${label}不能超过 ${yuanPlain(maxFen)} 元`);
    return make<number, R, C>(
      { kind: "money", label, wire, fromForm: yuanToFen, formError: `${label}应为金额，最多 2 位小数`, format: (v) => (v == null ? "" : formatMoney(v)), toInput: (v) => (v == null ? "" : yuanPlain(v)), input: { type: "text", inputMode: "decimal", suffix: "元" } },
      o,
    );
  },
  /** Basis points on the wire (900 = 9%), a percentage with up to 2 decimals in forms, `9.00%` on screen. */
  rateBp<R extends boolean = false, C extends string = never>(label: string, maxBp: number, o: Common<R, C> = {}): Field<number> & Said<NoInfer<R>, NoInfer<C>> {
    const wire = z
      .number({ required_error: `请填写${label}`, invalid_type_error: `${label}必须是整数基点（100 = 1%）` })
      .int(`${label}必须是整数基点（100 = 1%）`)
      .min(0, `${label}不能为负数`)
      .max(maxBp, `${label}不能超过 ${formatRate(maxBp)}`);
    return make<number, R, C>(
      { kind: "rate", label, wire, fromForm: percentToBp, formError: `${label}应为百分比，如 9 或 6.5，最多 2 位小数`, format: formatRate, toInput: rateInput, input: { type: "text", inputMode: "decimal", suffix: "%" } },
      o,
    );
  },
  /**
   * A place: a GB/T 2260 division code (contract/regions.ts). Forms show the 省 / 市 / 区 cascader and
   * store the deepest level chosen; `level: "district"` requires a county. The shared check here is
   * structural (the table stays out of the browser); the platform checks the code exists and sends
   * its full name as `<key>Name` (lists, details and exports show that).
   */
  region<R extends boolean = false, C extends string = never>(label: string, o: Common<R, C> & { level?: "city" | "district" } = {}): Field<string> & Said<NoInfer<R>, NoInfer<C>> {
    const { level = "city", ...rest } = o;
    const wire = z
      .string({ required_error: `请选择${label}`, invalid_type_error: `请选择${label}` })
      .trim()
      .refine(isRegionCode, `请选择${label}（省 / 市 / 区）`);
    return make<string, R, C>(
      { kind: "region", label, wire, fromForm: (t) => (/^\d{6}$/.test(t.trim()) ? t.trim() : null), formError: `请选择${label}`, format: plain, toInput: plain, input: { type: "region" }, regionLevel: level },
      rest,
    );
  },
  int<R extends boolean = false, C extends string = never>(label: string, min: number, max: number, o: Common<R, C> & { unit?: string } = {}): Field<number> & Said<NoInfer<R>, NoInfer<C>> {
    const { unit, ...rest } = o;
    const wire = z
      .number({ required_error: `请填写${label}`, invalid_type_error: `${label}必须是整数` })
      .int(`${label}必须是整数`)
      .min(min, `${label}不能小于 ${min}`)
      .max(max, `${label}不能大于 ${max}`);
    return make<number, R, C>(
      {
        kind: "int",
        label,
        wire,
        fromForm: (t) => (/^-?\d{1,12}$/.test(t.trim()) ? Number(t.trim()) : null),
        formError: `${label}必须是整数`,
        format: (v) => (v == null ? "" : unit ? `${v} ${unit}` : String(v)),
        toInput: plain,
        input: { type: "text", inputMode: "numeric", suffix: unit },
      },
      rest,
    );
  },
  /** A China calendar date "YYYY-MM-DD". */
  date<R extends boolean = false, C extends string = never>(label: string, o: Common<R, C> & { expiry?: boolean } = {}): Field<string> & Said<NoInfer<R>, NoInfer<C>> {
    const { expiry, ...rest } = o;
    const wire = chinaDateText(label);
    return make<string, R, C>({ kind: "date", label, wire, fromForm: (t) => (isRealDate(t.trim()) ? t.trim() : null), formError: `${label}不是有效日期`, format: plain, toInput: plain, input: { type: "date" }, expiry }, rest);
  },
  /** An instant: ISO UTC on the wire, China local time in forms and on screen. */
  datetime<R extends boolean = false, C extends string = never>(label: string, o: Common<R, C> = {}): Field<string> & Said<NoInfer<R>, NoInfer<C>> {
    const wire = z
      .string({ required_error: `请填写${label}`, invalid_type_error: `${label}格式不正确` })
      .datetime({ offset: true, message: `${label}格式不正确，应为 ISO-8601 时间` })
      .transform((v) => new Date(v).toISOString());
    return make<string, R, C>({ kind: "datetime", label, wire, fromForm: chinaLocalToIso, formError: `${label}不是有效时间`, format: (v) => (v ? chinaLocalInput(v).replace("T", " ") : ""), toInput: chinaLocalInput, input: { type: "datetime-local" } }, o);
  },
  bool<R extends boolean = false, C extends string = never>(label: string, o: Common<R, C> = {}): Field<boolean> & Said<NoInfer<R>, NoInfer<C>> {
    const wire = z.boolean({ required_error: `请选择${label}`, invalid_type_error: `${label}只能是 是 或 否` });
    const options = { true: { label: "是", tone: "success" as Tone }, false: { label: "否" } };
    return make<boolean, R, C>({ kind: "bool", label, wire, fromForm: (t) => (t === "true" ? true : t === "false" ? false : null), formError: `${label}只能是 是 或 否`, format: (v) => (v == null ? "" : v ? "是" : "否"), toInput: (v) => (v == null ? "" : String(v)), input: { type: "select" }, options }, o);
  },
  /** Another resource's id; `labelKey` is the record key carrying its display text (filled by the platform). */
  ref<R extends boolean = false, C extends string = never>(label: string, resource: string, labelKey: string, o: Common<R, C> & { where?: Readonly<Record<string, string>>; anyState?: boolean } = {}): Field<number> & Said<NoInfer<R>, NoInfer<C>> {
    const { where, anyState, ...common } = o;
    const message = `${label}不正确`;
    const wire = z.number({ required_error: `请选择${label}`, invalid_type_error: message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message);
    return make<number, R, C>({ kind: "ref", label, wire, fromForm: (t) => (/^[1-9]\d{0,14}$/.test(t.trim()) ? Number(t.trim()) : null), formError: `请选择${label}`, format: plain, toInput: plain, input: { type: "select" }, ref: { resource, labelKey, ...(where ? { where } : {}), ...(anyState ? { anyState } : {}) } }, common);
  },
  /** Uploaded documents (`/files/<id>`, or an older URL), one per line in forms; `document` the kind of upload (default 证照). */
  images<R extends boolean = false, C extends string = never>(label: string, max: number, o: Common<R, C> & { document?: DocumentKind } = {}): Field<string[]> & Said<NoInfer<R>, NoInfer<C>> {
    const { document = "CREDENTIAL", ...common } = o;
    const ref = z.string().trim().max(512, `${label}地址过长`).refine(isStoredUrl, `${label}应为图片地址（http(s) 地址或 /files/ 下的已上传文件）`);
    const wire = z.array(ref, { required_error: `请上传${label}`, invalid_type_error: `${label}格式不正确` }).min(1, `请上传${label}`).max(max, `${label}最多 ${max} 张`);
    const lines = (t: string) => t.split(/\s+/).map((s) => s.trim()).filter(Boolean);
    return make<string[], R, C>(
      {
        kind: "images",
        label,
        wire,
        fromForm: (t) => {
          const list = lines(t);
          return list.length > 0 && list.length <= max && list.every((s) => ref.safeParse(s).success) ? list : null;
        },
        formError: `${label}应为图片地址，每行一个，最多 ${max} 个`,
        format: (v) => (v && v.length ? `${v.length} 张` : ""),
        toInput: (v) => (v ?? []).join("\n"),
        input: { type: "textarea", placeholder: "图片地址，每行一个" },
        document: { kind: document, max },
      },
      common,
    );
  },
};

/** A vocabulary of labels only, written `code: "名称"`: `labelled({ A: "汽油", B: "柴油" })`. */
export function labelled<const L extends Record<string, string>>(labels: L): { readonly [K in keyof L]: { readonly label: L[K] } } {
  return Object.fromEntries(Object.entries(labels).map(([code, label]) => [code, { label }])) as { readonly [K in keyof L]: { readonly label: L[K] } };
}

/** Some of a vocabulary's options under their own codes and labels (a 船长 is 船长 wherever one is offered). */
export function someOf<const O extends Options, const K extends keyof O & string>(options: O, keys: readonly K[]): Pick<O, K> {
  return Object.fromEntries(keys.map((key) => [key, options[key]])) as Pick<O, K>;
}

/** Mark a field required (builders take `required` too; this reads better in tables of fields). */
export const req = <F extends Field>(field: F): F & { required: true } => ({ ...field, required: true });

export interface Transition<S extends string> {
  label: string;
  from: readonly S[];
  to: S;
  /** Holders of any of these codes may run it (SYSTEM_USER always holds every code in the demo). */
  permission: PermissionCode | readonly PermissionCode[];
  kinds: readonly UserType[];
  /** Transitions of one group share a form (audit: 通过 / 驳回). */
  group?: string;
  input?: Record<string, Field>;
  tone?: "danger" | "primary";
  /** Which enum field it moves; the status field when absent. */
  field?: string;
  /** States other fields must be in too (e.g. an audit only while the relation is 有效). */
  when?: Record<string, readonly string[]>;
  /** Ask before running it (row buttons without inputs). */
  confirm?: string;
  /** What the notice adds after「已<label>」(e.g. 运单风险标记已解除). */
  done?: string;
}

/**
 * A row action that is not a state transition (重置密码, 强制下线, 停用 of an account whose state is
 * computed): offered on a row when the caller's kind and codes allow it and the row's enum fields hold
 * one of the `when` states; carried out by the binding's service of the same key (`services`), which
 * keeps its own checks and history. The console asks first (`?confirm=<key>:<id>`) with `confirm`.
 */
export interface RowAction {
  label: string;
  permission: PermissionCode | readonly PermissionCode[];
  kinds: readonly UserType[];
  /** States the row's enum fields must hold (record keys): `{ accountStatus: ["DISABLED"] }`. */
  when?: Record<string, readonly string[]>;
  /** The confirmation's explanation (其登录将立即失效). */
  confirm?: string;
  tone?: "danger" | "primary";
  /** What the notice adds after「已<label>」(新密码已通过短信发送). */
  done?: string;
}

export interface StatusSpec<S extends string> {
  field: string;
  label: string;
  /** `NoInfer` here and below: a definition's states are the keys of `states`, which the other members must name. */
  initial: NoInfer<S>;
  states: Record<S, Option>;
  /** Keyed by action; `from`/`to` are states of the status field, or of the enum field a transition names. */
  transitions: Record<string, Transition<string>>;
  /** States in which edit is allowed. */
  editableIn: readonly NoInfer<S>[];
  /** States in which delete is allowed (default: `editableIn`). */
  deletableIn?: readonly NoInfer<S>[];
  /** State an edit moves the row to (e.g. back to 待审核). */
  onEdit?: NoInfer<S>;
}

export interface Permissions {
  list: readonly PermissionCode[];
  detail: readonly PermissionCode[];
  create?: readonly PermissionCode[];
  update?: readonly PermissionCode[];
  delete?: readonly PermissionCode[];
  export?: readonly PermissionCode[];
}

type WriteVerb = "create" | "update" | "delete";

/**
 * Permissions as most resources have them: the `read` codes list, open and export it (`exportBy` where
 * export asks for other codes), the `write` codes run each verb of `writes`.
 */
export function access(read: readonly PermissionCode[], write: readonly PermissionCode[], writes: readonly WriteVerb[], exportBy: readonly PermissionCode[] = read): Permissions {
  return { list: read, detail: read, ...Object.fromEntries(writes.map((verb) => [verb, write])), export: exportBy };
}

/** Which user kinds may do what at all (the scope then decides which rows). */
export interface Kinds {
  read: readonly UserType[];
  write?: readonly UserType[];
}

/** The platform paths of a resource; every key defaults to the generic verb under `base`. */
export interface Api {
  base: string;
  search?: string;
  create?: string;
  export?: string;
  options?: string;
}

export interface ResourceDef<F extends Record<string, Field> = Record<string, Field>, S extends string = string> {
  key: string;
  /** 中文 name: 车辆, 司机 … */
  name: string;
  api: Api;
  /** The field whose value names a row in messages and titles. */
  titleField: keyof F & string;
  fields: F;
  status?: StatusSpec<S>;
  /** Row actions that are not transitions, by key (see `RowAction`). */
  actions?: Record<string, RowAction>;
  permissions: Permissions;
  kinds: Kinds;
  /** A keyword box searching several text fields at once (姓名/手机号). */
  keyword?: { label: string; fields: readonly (keyof F & string)[] };
  defaultSort: readonly [column: string, direction: "asc" | "desc"];
  /**
   * A valid create body for the generated tests (unique per `n`), created by `as`; `refs` holds an id
   * the creator may pick for each referenced resource key (from that resource's options).
   */
  example?: { as: UserType; body: (n: number, refs: Record<string, number>) => Record<string, unknown>; refs?: readonly string[] };
  /** Footer sums of the list (spec 2.4): a FooterSums key (invoiceAmount, totalFreight …) → the summed field. */
  sums?: Readonly<Record<string, keyof F & string>>;
  /** Label of a 创建时间 range filter on created_at (添加时间, 注册时间 …); none when absent. */
  createdFilter?: string;
  /**
   * Which rows other resources' pickers may choose: each named field (the status field or an enum) must
   * hold one of the listed states. Pickers grey the others with the reason (choosable.ts), and a write
   * naming one is refused with it.
   */
  choosable?: Readonly<Partial<Record<string, readonly string[]>>>;
}

export function defineResource<const F extends Record<string, Field>, const S extends string = never>(def: Omit<ResourceDef<F, S>, "api"> & { api: string | Api }): ResourceDef<F, S> {
  const api = typeof def.api === "string" ? { base: def.api } : def.api;
  return { ...def, api };
}

type ValueOf<Fd> = Fd extends Field<infer T> ? T : never;
type RefLabels<F> = { [K in keyof F as F[K] extends { ref: { labelKey: infer L extends string } } ? L : never]: string | null };

/** The record as the platform sends it: fields, ref labels, status, org, times and allowed actions. */
export type RecordOf<D extends ResourceDef> = {
  id: number;
  orgId: number | null;
  orgName: string | null;
  createdTime: string;
  updatedTime: string | null;
  version: number;
  actions: string[];
} & { [K in keyof D["fields"]]: ValueOf<D["fields"][K]> | null } & RefLabels<D["fields"]> & Record<string, unknown>;

export type AnyResource = ResourceDef<Record<string, Field>, string>;

/** One row of a record's history (resource_events), as the detail call returns it. */
export interface ResourceEvent {
  id: number;
  action: string;
  actionLabel: string;
  fromStatus: string | null;
  toStatus: string | null;
  remark: string | null;
  detail: unknown;
  operatorName: string;
  createdTime: string;
}
