/**
 * Runs the SMS gateway stand-in on its own port (platform/fleet/sms-standin.ts), to point a platform at
 * it as if it were the SMS provider:
 *   SMS_STANDIN_PORT=3910 tsx scripts/sms-standin.ts
 *   TMS_SMS_URL=http://127.0.0.1:3910 TMS_SMS_ACCOUNT=tms-dev TMS_SMS_KEY=tms-dev-sms-key npm start
 * A real provider: set the same three variables to its address and the account it issued.
 */
import { startSmsStandin } from "../platform/fleet/sms-standin.js";
import { readSettings } from "../contract/settings.js";

const { settings } = readSettings(process.env, "script");
const account = settings.SMS_STANDIN_ACCOUNT;
const standin = await startSmsStandin({ port: settings.SMS_STANDIN_PORT, accounts: { [account]: settings.SMS_STANDIN_KEY } });
console.log(`[sms-standin] listening on ${standin.url} (account ${account}); POST /_control/fail {count, code|http} injects failures`);
const stop = () => void standin.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
