import type { LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { ResourceListPage } from "~/components/resource/ResourceListPage";
import { bankCardPages } from "~/pages/money";
import { listLoader } from "~/services/resource-pages.server";

/** 用户银行卡: every bound card of the platform, masked (platform staff). */
const page = bankCardPages.list!;
export const loader = (args: LoaderFunctionArgs) => listLoader(page, args);
export default function BankCardListPage() {
  return <ResourceListPage page={page} />;
}
export const ErrorBoundary = PageErrorBoundary;
