import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { AppealDetailView } from "~/components/appeal/AppealDetailView";
import { auditAppealAction, loadAppealDetail } from "~/services/pages/appeal.server";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";

/** 申诉审核 (TMS_RISK_APPEAL_AUDIT): /dispatchManage/appealAudit?id=…; the detail plus 通过 / 驳回 while pending. */
export const loader = ({ request }: LoaderFunctionArgs) => loadAppealDetail(request);
export const action = ({ request }: ActionFunctionArgs) => auditAppealAction(request);

export default function AppealAuditPage() {
  return <AppealDetailView audit />;
}

export const ErrorBoundary = PageErrorBoundary;
