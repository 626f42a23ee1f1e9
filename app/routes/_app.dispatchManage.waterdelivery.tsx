import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { queueAction, queueLoader } from "~/services/pages/queue.server";
import { StepQueuePage } from "~/components/dispatch/StepQueue";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";

export const loader = (args: LoaderFunctionArgs) => queueLoader("waterdelivery", args);
export const action = (args: ActionFunctionArgs) => queueAction("waterdelivery", args);
export default StepQueuePage;
export const ErrorBoundary = PageErrorBoundary;
