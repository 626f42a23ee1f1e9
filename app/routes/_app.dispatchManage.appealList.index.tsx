import type { LoaderFunctionArgs } from "@remix-run/node";
import { AppealListPage } from "~/components/appeal/AppealListPage";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { appealPages } from "~/pages/appeal";
import { listLoader } from "~/services/resource-pages.server";

/** 风险申诉 (TMS_RISK_APPEAL_LIST): the appeals of the user's waybills, with 详情 and 审核. */
export const loader = (args: LoaderFunctionArgs) => listLoader(appealPages.list!, args, { wholeRecords: true });

export default AppealListPage;
export const ErrorBoundary = PageErrorBoundary;
