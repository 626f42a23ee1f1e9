import { Link, useLoaderData } from "@remix-run/react";
import { Pagination } from "~/components/ui/Pagination";
import { Permission } from "~/components/ui/Permission";
import { AppealFilterForm } from "./AppealFilterForm";
import { AppealTable } from "./AppealTable";
import { appealSubmitHref, APPEAL_ROLES } from "./links";
import type { loadAppealList } from "./pages.server";

/** 风险申诉: the appeals the user may see, searchable, paged on the server. */
export function AppealListPage() {
  const { result, values, errors, filtered, showFreightWay, notice, searchError } = useLoaderData<typeof loadAppealList>();
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
      <AppealFilterForm values={values} errors={errors} showFreightWay={showFreightWay} carry={{ size: String(result.size) }} />
      {notice ? <p className="alert-success mb-3" role="status">{notice}</p> : null}
      {searchError ? <p className="alert-error mb-3" role="alert">{searchError}</p> : null}
      <AppealTable records={result.records} empty={empty} />
      <Pagination total={result.total} current={result.current} size={result.size} />
    </section>
  );
}
