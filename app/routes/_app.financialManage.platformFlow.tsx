import type { LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { PlatformFlowPage } from "~/components/money/MoneyPages";
import { loadMoneyList } from "~/services/pages/money.server";

/** 平台流水: entries of the platform's accounts (revenue, tax reserve, marketing, bank). */
export const loader = ({ request }: LoaderFunctionArgs) => loadMoneyList(request, "/entries/search", ["entryType", "bizNo", "from", "to"], { ownerType: "PLATFORM" });

export default PlatformFlowPage;
export const ErrorBoundary = PageErrorBoundary;
