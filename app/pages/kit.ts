/**
 * Page bindings: which paths show a resource, with which preset, columns and row actions
 * (docs/architecture.md, the resource engine). Isomorphic data: route modules, loaders and components all read it.
 */
import type { ResourceFilter } from "../../contract/resources/derive";
import type { AnyResource, Field } from "../../contract/resources/kit";

/** A row or page action: a verb, a transition key, or "audit" (any transition of the audit group). */
export type ActionKey = string;

export interface RelatedSection {
  title: string;
  /** The related resource's list page binding (its columns and row links are used). */
  page: () => ListPage;
  /** The filter selecting this record's related rows. */
  filter: (record: Record<string, unknown>) => ResourceFilter;
  /** An add link under the section (e.g. 上传证照 for this subject). */
  createHref?: (record: Record<string, unknown>) => string;
}

/**
 * An action on the ticked rows of a list (docs/design/pickers-and-tables.md, row selection): a checkbox
 * per row, greyed with the platform's reason when the row's `actions` lack `key` (`blocked[key]`), and a
 * toolbar button, a GET form keeping the list's filters, that opens `?confirm=<key>:` with the ticked
 * values; the confirmation posts them (and a fresh request number) to the page's action, which hands
 * them to the owner's platform service (`bulkAction` in resource-pages.server.ts).
 */
export interface BulkAction {
  /** The row action each ticked row must carry (a binding's `bulk` key, or a transition). */
  key: ActionKey;
  /** The toolbar button (支付选中运单) and the text beside it (limits, all or nothing). */
  label: string;
  hint?: string;
  /** The confirmation's title and its submit button. */
  title: string;
  submit: string;
  /** What a row is in the summary (选中运单数 2 个). */
  noun: string;
  /** The posted name and the record field of each ticked row (default both `id`), e.g. `freightId`. */
  param?: string;
  value?: string;
  /** What a posted value must look like (default: a row id). */
  pattern?: RegExp;
  /** A money field whose sum over the ticked rows the confirmation shows, with its label (货主应付). */
  sum?: { field: string; label: string };
  /** A field whose values the summary lists (the ticked people's names). */
  names?: string;
  /** Text after the summary (将从企业账户扣款…). */
  note?: string;
  /** Rows that must share a value (one shipper per application): the warning when they do not. */
  sameValue?: { field: string; message: string };
  /** The confirmation's inputs; a reference or a required choice starts at its first option. */
  inputs?: Readonly<Record<string, Field>>;
  /** A column saying whether each row can take part: its heading and the text for a row that can. */
  column?: { label: string; ok: string };
}

interface Common {
  def: AnyResource;
  path: string;
  title?: string;
}

export interface ListPage extends Common {
  kind: "list";
  rowActions: readonly ActionKey[];
  /** Filter values the page fixes; they override the query and their inputs are hidden. */
  preset?: ResourceFilter;
  /** Columns whose cell links to another page (the appeal's 运单号 → the waybill's detail): the address from the record, or none. */
  cellLinks?: Readonly<Record<string, (record: Record<string, unknown>) => string | null>>;
  /** A second, smaller line under a column's cell: the record key shown there (角色名称 with its 描述). */
  cellNotes?: Readonly<Record<string, string>>;
  /** Filters other pages use that this page's search form does not offer (风险申诉's 运单, by id, is the submit page's). */
  hiddenFilters?: readonly string[];
  /** Column keys in order (default: the definition's list columns). */
  columns?: readonly string[];
  /** Secondary columns shown only on wide screens (≥ 1680 px; `.col-wide`). */
  wideColumns?: readonly string[];
  /** Add and edit in a dialog on the list (`?form=new`, `?form=<id>`), for entities without their own form pages. */
  inlineForm?: boolean;
  /** Show 所属企业 as a column and a filter (platform and tenant pages). */
  showOrg?: boolean;
  /** The add button's text (default 新增<name>), e.g. 发起邀请. */
  createLabel?: string;
  /** Rendered by a page component of its own (its own browser tests cover it), not ResourceListPage. */
  bespoke?: boolean;
  /** Actions on ticked rows (a checkbox per row); see `BulkAction`. */
  bulkActions?: readonly BulkAction[];
  /** Quick filters above the search form (全部 / 已发布 / 待审核 …): links setting one filter value. */
  tabs?: { field: string; options: ReadonlyArray<{ label: string; value: string | null }> };
  /**
   * Lists of other resources shown under this one (企业余额's 待确认充值), each the first page of its
   * filter; their rows' confirmations open as `?confirm=<resource>.<action>:<id>` and post to this page.
   */
  sections?: readonly ListSection[];
  /**
   * Where 导出 goes when the page relays its own workbook (红包管理's tabs: `…/export.xlsx?tab=grants`):
   * the list's filters are appended; default `/export.xlsx?page=<path>&<filters>`.
   */
  exportPath?: string;
  /** URL parameters the search form keeps (a tab of the page: `{ tab: "grants" }`). */
  carry?: Readonly<Record<string, string>>;
  /** Nothing on the page posts (ledger entries, logs): its route takes no action, a POST is 405. */
  readOnly?: boolean;
  links: Links;
}

export interface ListSection {
  title: string;
  /** The section's list binding (its columns, row actions and links); it needs no route of its own. */
  page: () => ListPage;
  filter: ResourceFilter;
  /** The section's test id (a browser test finds its rows by it). */
  testId?: string;
}

export interface DetailPage extends Common {
  kind: "detail";
  /** Buttons on the page (from the record's allowed actions). */
  actions: readonly ActionKey[];
  related?: readonly RelatedSection[];
  /** Rendered by a page component of its own (e.g. 找船详情 with map and track), not ResourceDetailPage. */
  bespoke?: boolean;
  links: Links;
}

export interface FormPage extends Common {
  kind: "form";
  mode: "create" | "update";
  /** Staff pick the owning organisation. */
  withOrg?: boolean;
  links: Links;
}

export interface AuditPage extends Common {
  kind: "audit";
  group: string;
  related?: readonly RelatedSection[];
  links: Links;
  /** The form's heading, button and note for a group other than 审核 (e.g. 改价). */
  form?: { heading: string; submit: string; note?: string };
}

export interface Links {
  list?: string;
  detail?: string;
  create?: string;
  edit?: string;
  audit?: string;
  /** Transitions that open a page of their own instead of a confirmation (e.g. 改价 → its price form). */
  actions?: Record<ActionKey, string>;
  /** Labels of the actions that are not transitions of the definition (派车, 重新发货). */
  labels?: Record<ActionKey, string>;
  /** Actions whose page (in `actions`) is a stored file (下载): a plain download link, outside the app's navigation. */
  files?: readonly ActionKey[];
}

export type ResourcePage = ListPage | DetailPage | FormPage | AuditPage;

type Spec<P> = Omit<P, "def" | "kind" | "links" | "mode">;

/** The pages of one resource in one part of the console, linked to each other. */
export function pagesOf(
  def: AnyResource,
  spec: {
    list?: Spec<ListPage>;
    detail?: Spec<DetailPage>;
    create?: Spec<FormPage>;
    edit?: Spec<FormPage>;
    audit?: Spec<AuditPage>;
    /** Transitions with a page of their own: `{ reprice: "/supplyManage/updataSupply" }`. */
    actionPages?: Record<ActionKey, string>;
    /** Labels of page actions that are not transitions (the platform offers them through the binding's linkActions). */
    actionLabels?: Record<ActionKey, string>;
    /** Link actions that download a stored file: `{ download: "/files/:id" }` (label in `actionLabels`). */
    actionFiles?: Record<ActionKey, string>;
  },
) {
  const actions = spec.actionPages || spec.actionFiles ? { ...spec.actionPages, ...spec.actionFiles } : undefined;
  // 编辑 may open a page of the resource's own (`actionPages.edit`: 用户管理's form with its roles).
  const links: Links = { list: spec.list?.path, detail: spec.detail?.path, create: spec.create?.path, edit: spec.edit?.path ?? spec.actionPages?.edit, audit: spec.audit?.path, actions, labels: spec.actionLabels, files: spec.actionFiles ? Object.keys(spec.actionFiles) : undefined };
  if (spec.list?.inlineForm) {
    links.create ??= `${spec.list.path}?form=new`;
    links.edit ??= `${spec.list.path}?form=:id`;
  }
  return {
    list: spec.list ? ({ ...spec.list, def, kind: "list", links } satisfies ListPage) : undefined,
    detail: spec.detail ? ({ ...spec.detail, def, kind: "detail", links } satisfies DetailPage) : undefined,
    create: spec.create ? ({ ...spec.create, def, kind: "form", mode: "create", links } satisfies FormPage) : undefined,
    edit: spec.edit ? ({ ...spec.edit, def, kind: "form", mode: "update", links } satisfies FormPage) : undefined,
    audit: spec.audit ? ({ ...spec.audit, def, kind: "audit", links } satisfies AuditPage) : undefined,
  };
}

/** A page's address for a record: `:id` in the path, or `?id=` when the path has none. */
export function hrefFor(path: string | undefined, id: number): string | undefined {
  if (!path) return undefined;
  if (path.includes(":id")) return path.replace(":id", String(id));
  return `${path}${path.includes("?") ? "&" : "?"}id=${id}`;
}

/** The record id of a page's request: the `id` route param, or the `id` query. */
export function idOfRequest(params: Record<string, string | undefined>, url: URL): number | null {
  const raw = params.id ?? url.searchParams.get("id") ?? "";
  return /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : null;
}

/** The value a row posts for a bulk action (its `value` field, default the id). */
export const bulkValueOf = (bulk: BulkAction, record: Record<string, unknown>) => String(record[bulk.value ?? "id"] ?? "");

/**
 * A resource page's title: its own (a related list's, a bespoke page's part), else the page registry's
 * for its path (`pageTitle` of app/navigation, where it is written once), else one from the resource's name.
 */
export const pageTitleOf = (page: ResourcePage, registered: (path: string) => string | undefined) =>
  page.title ?? registered(page.path) ?? (page.kind === "list" ? `${page.def.name}列表` : page.kind === "detail" ? `${page.def.name}详情` : page.kind === "audit" ? `${page.def.name}审核` : page.mode === "create" ? `新增${page.def.name}` : `编辑${page.def.name}`);

/** Whether a row's allowed actions include a page action ("audit" = any transition of the audit group). */
export function rowAllows(def: AnyResource, actions: readonly string[], key: ActionKey): boolean {
  if (key === "audit") return Object.entries(def.status?.transitions ?? {}).some(([k, t]) => t.group === "audit" && actions.includes(k));
  return actions.includes(key);
}
