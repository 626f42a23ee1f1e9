/**
 * Runs the provincial-platform stand-in on its own port (platform/submission/standin.ts), for pointing
 * a platform at it as if it were another party's system:
 *   STANDIN_PORT=3900 tsx scripts/report-standin.ts
 *   TMS_REPORT_ANHUI_URL=http://127.0.0.1:3900 TMS_REPORT_ANHUI_USER=ANHUI_DEV TMS_REPORT_ANHUI_PASSWORD=tms-dev TMS_REPORT_ANHUI_KEY=tms-dev-key npm start
 * A real province: set the same four variables to the address and the account it issued.
 */
import { startStandin } from "../platform/submission/standin.js";

const port = Number(process.env.STANDIN_PORT ?? 3900);
const user = process.env.STANDIN_USER ?? "ANHUI_DEV";
const standin = await startStandin({ port, accounts: { [user]: { password: process.env.STANDIN_PASSWORD ?? "tms-dev", key: process.env.STANDIN_KEY ?? "tms-dev-key" } } });
console.log(`[report-standin] listening on ${standin.url} (account ${user}); POST /_control/fail {count, code|http} injects failures`);
const stop = () => void standin.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
