import type { LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { BankCardListPage } from "~/components/money/MoneyPages";
import { loadMoneyList } from "~/services/pages/money.server";

/** 用户银行卡: every bound card of the platform, masked (platform staff). */
export const loader = ({ request }: LoaderFunctionArgs) => loadMoneyList(request, "/bank-cards/search", ["keyword"]);

export default BankCardListPage;
export const ErrorBoundary = PageErrorBoundary;
