import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { ResourceDetailPage } from "~/components/resource/ResourceDetailPage";
import { shipownerPages } from "~/pages/water";
import { detailLoader, recordAction } from "~/services/resource-pages.server";

const page = shipownerPages.detail!;
export const loader = (args: LoaderFunctionArgs) => detailLoader(page, args);
export const action = (args: ActionFunctionArgs) => recordAction(page, args);
export default function ShipownerDetailPage() {
  return <ResourceDetailPage page={page} />;
}
export const ErrorBoundary = PageErrorBoundary;
