import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { EnterpriseBalancePage } from "~/components/money/MoneyPages";
import { loadEnterpriseBalance, rechargeAuditAction } from "~/services/pages/money.server";

/** 企业余额: organisations' BASIC accounts; platform finance confirms or rejects pending recharges here. */
export const loader = ({ request }: LoaderFunctionArgs) => loadEnterpriseBalance(request);
export const action = ({ request }: ActionFunctionArgs) => rechargeAuditAction(request);

export default EnterpriseBalancePage;
export const ErrorBoundary = PageErrorBoundary;
