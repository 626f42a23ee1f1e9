import type { LoaderFunctionArgs } from "@remix-run/node";
import { FreightTrackView } from "~/components/freight/TrackPlayer";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { loadFreightTrack } from "~/services/pages/freight.server";

/** 水运轨迹回放: /dispatchManage/trackPlaybackWater?freightNo=…; 404 when not found or not the user's. */
export const loader = ({ request }: LoaderFunctionArgs) => loadFreightTrack(request, "WATER");

export default function WaterTrackPlaybackPage() {
  return <FreightTrackView />;
}

export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";
