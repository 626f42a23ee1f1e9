import type { LoaderFunctionArgs } from "@remix-run/node";
import { AppealListPage } from "~/components/appeal/AppealListPage";
import { loadAppealList } from "~/components/appeal/pages.server";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";

/** 风险申诉 (TMS_RISK_APPEAL_LIST): the appeals of the user's waybills, with 详情 and 审核. */
export const loader = ({ request }: LoaderFunctionArgs) => loadAppealList(request);

export default AppealListPage;
export const ErrorBoundary = PageErrorBoundary;
