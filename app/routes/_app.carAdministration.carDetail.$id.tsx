import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { ResourceDetailPage } from "~/components/resource/ResourceDetailPage";
import { ownCars } from "~/pages/vehicle";
import { detailLoader, recordAction } from "~/services/resource-pages.server";

/** 车辆详情 of an organisation's own vehicle: its record and its 证照 (上传证照 on the organisation's own upload page). */
const page = ownCars.detail!;
export const loader = (args: LoaderFunctionArgs) => detailLoader(page, args);
export const action = (args: ActionFunctionArgs) => recordAction(page, args);
export default function OwnCarDetailPage() {
  return <ResourceDetailPage page={page} />;
}
export const ErrorBoundary = PageErrorBoundary;
