import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { OrderImport } from "~/components/orders/OrderImport";
import { importAction, importLoader } from "~/services/pages/order-import.server";

export const loader = (args: LoaderFunctionArgs) => importLoader(args);
export const action = (args: ActionFunctionArgs) => importAction(args);
export default function BatchImportPage() {
  return <OrderImport />;
}
export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";
