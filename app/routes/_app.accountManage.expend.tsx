import type { LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { ExpendPage } from "~/components/money/MoneyPages";
import { loadMoneyList } from "~/services/pages/money.server";

/** 账户流水: the entries of my own account, with income and expense sums. */
export const loader = ({ request }: LoaderFunctionArgs) => loadMoneyList(request, "/entries/search", ["entryType", "bizNo", "from", "to"]);

export default ExpendPage;
export const ErrorBoundary = PageErrorBoundary;
