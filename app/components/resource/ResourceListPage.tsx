import type { SubmissionResult } from "@conform-to/react";
import { Link, useActionData, useLoaderData, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useState } from "react";
import { filterSpecs } from "../../../contract/resources/derive";
import type { AnyResource } from "../../../contract/resources/kit";
import { SENSITIVE_VIEW } from "../../../contract/personal";
import { useViewerRoles } from "~/components/ui/Permission";
import { hasPermission, pageTitle } from "~/navigation";
import { Dialog } from "~/components/ui/Dialog";
import { lazyInPlace } from "~/components/ui/lazy";
import { Pagination } from "~/components/ui/Pagination";
import { footerSums } from "~/lib/footer-sums";
import { pageTitleOf, type ListPage } from "~/pages/kit";
import type { listLoader } from "~/services/resource-pages.server";
import type { PickerData } from "~/lib/picker";
import { ConfirmDialog } from "./ConfirmDialog";
import { DictChoicesContext } from "./dict-choices";
import { SearchForm } from "./SearchForm";
import { columnsOf } from "~/pages/columns";
import { ResourceTable, type Row } from "./ResourceTable";
import { BulkConfirmDialog, BulkForm, offeredBulk } from "./BulkSelection";
import type { RegionChoice } from "../../../contract/regions";

/** The create/edit form (and Conform with it) is loaded when a list shows its dialog. */
const ResourceForm = lazyInPlace("resource-form", () => import("./ResourceForm").then((module) => ({ default: module.ResourceForm })));

type ActionData = { error?: string | null; fieldErrors?: Record<string, string[] | null> | null; result?: SubmissionResult<string[]>; options?: Record<string, PickerData>; regions?: Record<string, RegionChoice> } | undefined;

/**
 * A resource's list page: title, 新增 and 导出 when allowed (plus the page's own `toolbar` links), the
 * page's own section `before` the search (系统文件's upload form), the search form, the table and the pager.
 */
export function ResourceListPage({ page, toolbar, before }: { page: ListPage; toolbar?: React.ReactNode; before?: React.ReactNode }) {
  const data = useLoaderData<typeof listLoader>();
  const actionData = useActionData() as ActionData;
  const navigate = useNavigate();
  const { def } = page;
  const title = pageTitleOf(page, pageTitle);
  const records = data.data.records as Row[];
  const hidden = [...Object.keys(page.preset ?? {}), ...(page.hiddenFilters ?? []), ...(page.showOrg ? [] : ["orgId"])];
  const bulk = offeredBulk(page.bulkActions, records);
  const location = useLocation();
  const ticked = bulk.length ? new URLSearchParams(location.search).getAll(bulk[0]!.param ?? "id") : [];
  // With JavaScript the pager's 已选 follows the ticks; without it, what the address ticks.
  const [liveCount, setLiveCount] = useState<number | null>(null);
  useEffect(() => setLiveCount(null), [location.search]);
  const countTicks = (event: React.FormEvent<HTMLFormElement>) => setLiveCount(event.currentTarget.querySelectorAll('input[type="checkbox"]:checked').length);
  const bulkConfirm = data.bulk ? page.bulkActions?.find((b) => b.key === data.bulk!.key) : undefined;
  const empty = data.searchError ? "查询失败" : data.filtered ? `没有符合条件的${def.name}，请调整查询条件` : `暂无${def.name}`;
  return (
    <section className="card" aria-labelledby="resource-list-title">
      <div className="list-head">
        <h2 id="resource-list-title" className="page-title mb-0">{title}</h2>
        <div className="flex flex-wrap gap-2">
          {toolbar}
          {data.data.can.create && page.links.create ? <Link to={page.links.create} className="btn btn-primary">{page.createLabel ?? `新增${def.name}`}</Link> : null}
          {data.data.can.export ? <ExportButton def={def} href={data.exportHref} /> : null}
        </div>
      </div>
      {page.tabs ? <ListTabs path={page.path} tabs={page.tabs} current={data.values[page.tabs.field]} /> : null}
      {before}
      <SearchFormFor page={page} data={data} hidden={hidden} />
      {data.notice ? <p className="alert-success mb-3" role="status">{data.notice}</p> : null}
      {data.searchError ? <p className="alert-error mb-3" role="alert">{data.searchError}</p> : null}
      {bulk.length ? (
        <BulkForm bulk={bulk} label={`选择${bulk[0]!.noun}`} onChange={countTicks}>
          <ResourceTable def={def} records={records} columns={columnsOf(def, page.columns, page.showOrg && data.staff)} wide={page.wideColumns} rowActions={page.rowActions} links={page.links} empty={empty} label={title} cellLinks={page.cellLinks} cellNotes={page.cellNotes} selection={{ bulk, ticked }} />
        </BulkForm>
      ) : (
        <ResourceTable def={def} records={records} columns={columnsOf(def, page.columns, page.showOrg && data.staff)} wide={page.wideColumns} rowActions={page.rowActions} links={page.links} empty={empty} label={title} cellLinks={page.cellLinks} cellNotes={page.cellNotes} />
      )}
      <Pagination total={data.data.total} current={data.data.current} size={data.data.size} more={data.data.more} sums={footerSums(data.data.sums)} selectedCount={liveCount ?? (bulk.length ? ticked.length : undefined)} />
      {data.bulk && bulkConfirm ? <BulkConfirmDialog bulk={bulkConfirm} data={data.bulk as never} closeHref={data.listHref} error={actionData?.error} fieldErrors={actionData?.fieldErrors} /> : null}
      {data.sections.map((section) => {
        const spec = page.sections?.find((s) => s.title === section.title);
        const target = spec?.page();
        if (!spec || !target) return null;
        return (
          <section key={section.title} className="mt-4 space-y-2" aria-label={section.title} data-testid={spec.testId}>
            <h2 className="page-title">{section.title}</h2>
            {"error" in section.data ? (
              <p className="alert-error">{section.data.error}</p>
            ) : (
              <ResourceTable def={target.def} records={section.data.records as Row[]} columns={columnsOf(target.def, target.columns, target.showOrg && data.staff)} rowActions={target.rowActions} links={target.links} empty={`暂无${section.title}`} label={section.title} confirmPrefix={target.def.key} />
            )}
          </section>
        );
      })}
      {data.confirm ? (
        <DictChoicesContext.Provider value={data.dicts ?? {}}>
          <ConfirmDialog def={page.sections?.map((s) => s.page().def).find((d) => d.key === data.confirm!.resource) ?? def} record={data.confirm.record as unknown as Row & { version: number }} action={data.confirm.action} closeHref={data.listHref} error={actionData?.error} fieldErrors={actionData?.fieldErrors} />
        </DictChoicesContext.Provider>
      ) : null}
      {data.form ? (
        <Dialog open onOpenChange={(open) => (open ? undefined : navigate(data.listHref))} title={data.form.mode === "create" ? (page.createLabel ?? `新增${def.name}`) : `编辑${def.name}`} data-testid="resource-form-dialog" footer={null}>
          <ResourceForm def={def} mode={data.form.mode} record={data.form.record} options={actionData?.options ?? data.options} regions={actionData?.regions ?? data.regions} lastResult={actionData?.result} cancelHref={data.listHref} intent />
        </Dialog>
      ) : null}
    </section>
  );
}

/** Links that set one filter value (a fresh search: other filters and the page are dropped). */
function ListTabs({ path, tabs, current }: { path: string; tabs: NonNullable<ListPage["tabs"]>; current: unknown }) {
  const active = current === undefined || current === null || current === "" ? null : String(current);
  return (
    <nav className="mb-3 flex flex-wrap gap-1 border-b border-gray-200" aria-label="快捷筛选">
      {tabs.options.map((tab) => (
        <Link key={tab.label} to={tab.value === null ? path : `${path}?${tabs.field}=${encodeURIComponent(tab.value)}`} aria-current={tab.value === active ? "page" : undefined} className={`-mb-px border-b-2 px-3 py-1.5 text-sm ${tab.value === active ? "border-[var(--theme-color)] text-[var(--theme-color)]" : "border-transparent text-gray-600 hover:text-gray-900"}`}>
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}

function SearchFormFor({ page, data, hidden }: { page: ListPage; data: ReturnType<typeof useLoaderData<typeof listLoader>>; hidden: string[] }) {
  const specs = filterSpecs(page.def);
  if (specs.length === 0 && !page.def.keyword && !page.def.createdFilter) return null;
  return <SearchForm def={page.def} specs={specs} values={data.values} errors={data.errors} hidden={hidden} options={data.options} regions={data.regions} carry={{ ...page.carry, size: String(data.data.size) }} />;
}

/**
 * 导出: a link; for a holder of 查看完整证件号 on a list with ID numbers or masked mobiles (masked in every
 * other export), a small GET form whose box 导出完整证件号 / 导出完整手机号 asks the platform for the full
 * numbers (logged there). Without JavaScript too.
 */
function ExportButton({ def, href }: { def: AnyResource; href: string }) {
  const masks = new Set(Object.values(def.fields).map((f) => f.mask));
  const mayReveal = hasPermission(useViewerRoles(), [SENSITIVE_VIEW]) && (masks.has("idCard") || masks.has("mobile"));
  if (!mayReveal) return <a href={href} className="btn" download>导出</a>;
  const [path, query = ""] = href.split("?");
  return (
    <form method="get" action={path} className="flex flex-wrap items-center gap-2">
      {[...new URLSearchParams(query)].map(([name, value], i) => <input key={`${name}-${i}`} type="hidden" name={name} value={value} />)}
      <label className="flex items-center gap-1 text-sm text-gray-600"><input type="checkbox" name="revealIds" value="1" />{masks.has("idCard") ? "导出完整证件号" : "导出完整手机号"}</label>
      <button type="submit" className="btn">导出</button>
    </form>
  );
}
