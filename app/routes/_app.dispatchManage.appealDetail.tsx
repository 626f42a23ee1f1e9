import type { LoaderFunctionArgs } from "@remix-run/node";
import { AppealDetailView } from "~/components/appeal/AppealDetailView";
import { loadAppealDetail } from "~/services/pages/appeal.server";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";

/** 申诉详情 (TMS_RISK_APPEAL_DETAIL): /dispatchManage/appealDetail?id=…; 404 when not found or not the user's. */
export const loader = ({ request }: LoaderFunctionArgs) => loadAppealDetail(request);

export default function AppealDetailPage() {
  return <AppealDetailView audit={false} />;
}

export const ErrorBoundary = PageErrorBoundary;
