import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { driverPositionAction } from "~/services/pages/driver.server";

/** POST only: a batch of positions from the driver's open page (components/driver/PositionReporter). */
export const action = (args: ActionFunctionArgs) => driverPositionAction(args);
export const loader = () => json({ message: "请用 POST 上报位置" }, { status: 405 });
