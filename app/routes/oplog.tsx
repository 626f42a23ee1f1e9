import type { ActionFunctionArgs } from "@remix-run/node";
import { clickLogAction } from "~/services/pages/iam.server";

/** Spec 7.5: clicks on elements marked `data-log-module` / `data-log-content`, sent by the page's beacon. */
export const action = ({ request }: ActionFunctionArgs) => clickLogAction(request);
