import type { LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { ReportPage } from "~/components/report/ReportPage";
import { loadReport } from "~/services/pages/reports.server";

export const loader = (args: LoaderFunctionArgs) => loadReport("platformData", args);
export default ReportPage;
export const ErrorBoundary = PageErrorBoundary;
