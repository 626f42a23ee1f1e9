import { Link, useLoaderData } from "@remix-run/react";
import type { AppealRecord } from "../../../contract/appeal";
import { filterSpecs } from "../../../contract/resources/derive";
import { WATER_PERMISSION } from "../../../contract/permissions";
import { SearchForm } from "~/components/resource/SearchForm";
import { Pagination } from "~/components/ui/Pagination";
import { Permission, useViewerRoles } from "~/components/ui/Permission";
import { appealPages, appealSubmitHref } from "~/pages/appeal";
import type { listLoader } from "~/services/resource-pages.server";
import { AppealTable } from "./AppealTable";
import { APPEAL_ROLES } from "~/lib/appeal-links";

const page = appealPages.list!;
const specs = filterSpecs(page.def);

/** 风险申诉: the engine's list (search form, paging) with the appeal's own table. */
export function AppealListPage() {
  const { data, values, errors, filtered, notice, searchError } = useLoaderData<typeof listLoader>();
  // One waybill's appeals is the submit page's filter; 运输方式 only for viewers of water transport.
  const hidden = ["freightId", ...(useViewerRoles().includes(WATER_PERMISSION) ? [] : ["freightWay"])];
  const empty = filtered ? (
    "没有符合条件的申诉，请调整查询条件"
  ) : (
    <>
      暂无风险申诉
      <Permission roles={APPEAL_ROLES.submit}>
        <span className="mt-1 block text-xs">
          被标记为风险的运单可在 <Link to="/dispatchManage/abnormalList" className="text-primary hover:underline">异常运单</Link> 中提交申诉
        </span>
      </Permission>
    </>
  );
  return (
    <section className="card" aria-labelledby="appeal-list-title">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="appeal-list-title" className="page-title mb-0">风险申诉</h2>
        <Permission roles={APPEAL_ROLES.submit}>
          <Link to={appealSubmitHref()} className="btn btn-primary">提交申诉</Link>
        </Permission>
      </div>
      <SearchForm def={page.def} specs={specs} values={values} errors={errors} hidden={hidden} options={{}} carry={{ size: String(data.size) }} />
      {notice ? <p className="alert-success mb-3" role="status">{notice}</p> : null}
      {searchError ? <p className="alert-error mb-3" role="alert">{searchError}</p> : null}
      <AppealTable records={data.records as unknown as AppealRecord[]} empty={empty} />
      <Pagination total={data.total} current={data.current} size={data.size} />
    </section>
  );
}
