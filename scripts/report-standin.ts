/**
 * Runs the provincial-platform stand-in on its own port (platform/submission/standin.ts), for pointing
 * a platform at it as if it were another party's system:
 *   STANDIN_PORT=3900 tsx scripts/report-standin.ts
 *   TMS_REPORT_ANHUI_URL=http://127.0.0.1:3900 TMS_REPORT_ANHUI_USER=ANHUI_DEV TMS_REPORT_ANHUI_PASSWORD=tms-dev TMS_REPORT_ANHUI_KEY=tms-dev-key npm start
 * A real province: set the same four variables to the address and the account it issued.
 */
import { startStandin } from "../platform/submission/standin.js";
import { readSettings } from "../contract/settings.js";

const { settings } = readSettings(process.env, "script");
const user = settings.STANDIN_USER;
const standin = await startStandin({ port: settings.STANDIN_PORT, accounts: { [user]: { password: settings.STANDIN_PASSWORD, key: settings.STANDIN_KEY } } });
console.log(`[report-standin] listening on ${standin.url} (account ${user}); POST /_control/fail {count, code|http} injects failures`);
const stop = () => void standin.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
