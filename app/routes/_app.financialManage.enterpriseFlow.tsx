import type { LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { EnterpriseFlowPage } from "~/components/money/MoneyPages";
import { loadMoneyList } from "~/services/pages/money.server";

/** 企业流水: entries of organisations' BASIC accounts (an organisation sees its own). */
export const loader = ({ request }: LoaderFunctionArgs) => loadMoneyList(request, "/entries/search", ["entryType", "bizNo", "from", "to"], { ownerType: "ORG" });

export default EnterpriseFlowPage;
export const ErrorBoundary = PageErrorBoundary;
