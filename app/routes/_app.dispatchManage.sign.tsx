import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { queueAction, queueLoader } from "~/services/pages/queue.server";
import { StepQueuePage } from "~/components/dispatch/StepQueue";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";

export const loader = (args: LoaderFunctionArgs) => queueLoader("sign", args);
export const action = (args: ActionFunctionArgs) => queueAction("sign", args);
export default StepQueuePage;
export const ErrorBoundary = PageErrorBoundary;
