import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { FreightListPage } from "~/components/freight/FreightListPage";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { freightListAction, loadFreightList } from "~/services/pages/freight.server";

/**
 * 异常运单: waybills the platform marked abnormal (a loss above 3 ‰ of the loaded weight), through
 * the search's abnormal filter; the table's 异常 tag shows the reason on hover.
 */
export const loader = ({ request }: LoaderFunctionArgs) => loadFreightList(request, { preset: { abnormal: true } });
export const action = ({ request }: ActionFunctionArgs) => freightListAction(request);

export default function AbnormalListPage() {
  return <FreightListPage title="异常运单" />;
}

export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";
