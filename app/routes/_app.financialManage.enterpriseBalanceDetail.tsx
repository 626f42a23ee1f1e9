import type { LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { BalanceCheck } from "~/components/money/AccountPages";
import { ResourceDetailPage } from "~/components/resource/ResourceDetailPage";
import { orgBalancePages } from "~/pages/money";
import { balanceCheck, type BalanceCheckData } from "~/services/pages/money.server";
import { detailLoader } from "~/services/resource-pages.server";

/** 企业余额明细 (?id=): the account, the 核对 of Σ entries against its balance, and its latest entries (all of them on 企业流水). */
const page = orgBalancePages.detail!;
export const loader = (args: LoaderFunctionArgs) => detailLoader(page, args, { extra: balanceCheck });
export default function BalanceDetailPage() {
  return <ResourceDetailPage page={page} after={(data) => <BalanceCheck check={data.extra as BalanceCheckData} orgId={data.record.orgId as number | null} />} />;
}
export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";
