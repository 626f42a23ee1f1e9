import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { ListOrDetail } from "~/components/orders/ListOrDetail";
import { containerPages } from "~/pages/deliveries";
import { listOrDetailAction, listOrDetailLoader } from "~/services/pages/deliveries.server";

const { list, detail } = containerPages;
export const loader = (args: LoaderFunctionArgs) => listOrDetailLoader(list!, detail!, args);
export const action = (args: ActionFunctionArgs) => listOrDetailAction(list!, detail!, args);
export default function ReimbursePage() {
  return <ListOrDetail list={list!} detail={detail!} />;
}
export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";
