import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { APPEAL_STATUS_LABELS } from "../../../contract/appeal";
import { appeal as appealDef } from "../../../contract/resources/appeal";
import { Permission } from "~/components/ui/Permission";
import { rowAllows } from "~/pages/kit";
import { AppealAuditForm } from "./AppealAuditForm";
import { AppealHistory, AppealInfo, DispatchSection, WaybillBrief } from "./AppealSections";
import { AppealStatusTag } from "./AppealStatusTag";
import { appealAuditHref, appealDetailHref, APPEAL_LIST_PATH, APPEAL_ROLES } from "~/lib/appeal-links";
import type { AppealFormActionData, loadAppealDetail } from "~/services/pages/appeal.server";

/**
 * 申诉详情 and 申诉审核: the appeal, its audit, the waybill, who dispatched it and the waybill's appeal
 * history. On the audit page a pending appeal gets the audit form; an audited one shows its result only.
 */
export function AppealDetailView({ audit }: { audit: boolean }) {
  const { detail, dispatch, notice } = useLoaderData<typeof loadAppealDetail>();
  const actionData = useActionData<AppealFormActionData>();
  const { appeal, freight, history } = detail;
  const pending = appeal.status === "PENDING";
  return (
    <div className="space-y-4">
      <div className="card flex flex-wrap items-center justify-between gap-2">
        <h1 className="flex flex-wrap items-center gap-2 text-base font-semibold">
          {audit ? "申诉审核" : "申诉详情"}
          <span className="font-normal text-gray-600">{appeal.appealNo}</span>
          <AppealStatusTag status={appeal.status} />
        </h1>
        <div className="flex flex-wrap gap-2">
          {!audit && rowAllows(appealDef, appeal.actions, "audit") ? <Link to={appealAuditHref(appeal.id)} className="btn btn-primary">审核</Link> : null}
          {audit ? (
            <Permission roles={APPEAL_ROLES.detail}>
              <Link to={appealDetailHref(appeal.id)} className="btn">查看详情</Link>
            </Permission>
          ) : null}
          <Permission roles={APPEAL_ROLES.list}>
            <Link to={APPEAL_LIST_PATH} className="btn">返回申诉列表</Link>
          </Permission>
        </div>
      </div>
      {notice ? <p className="alert-success" role="status">{notice}</p> : null}
      {audit && !pending && !notice ? (
        <p className="alert-info" role="status">该申诉已审核（{APPEAL_STATUS_LABELS[appeal.status]}），无需再次审核。</p>
      ) : null}

      <AppealInfo appeal={appeal} auditForm={audit ? <AppealAuditForm appealNo={appeal.appealNo} lastResult={actionData?.result} /> : undefined} />
      <WaybillBrief waybill={freight} />
      <DispatchSection dispatch={dispatch} />
      <AppealHistory appeals={history} current={appeal.id} />
    </div>
  );
}
