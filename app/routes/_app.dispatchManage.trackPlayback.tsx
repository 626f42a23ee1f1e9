import type { LoaderFunctionArgs } from "@remix-run/node";
import { FreightTrackView } from "~/components/freight/TrackPlayer";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { loadFreightTrack } from "~/services/pages/freight.server";

/** 轨迹回放 (road): /dispatchManage/trackPlayback?freightNo=…; 404 when not found or not the user's. */
export const loader = ({ request }: LoaderFunctionArgs) => loadFreightTrack(request, "ROAD");

export default function RoadTrackPlaybackPage() {
  return <FreightTrackView />;
}

export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";
