/**
 * Runs the provincial-platform stand-in on its own port (platform/submission/standin.ts), for pointing
 * a platform at it as if it were another party's system:
 *   STANDIN_PORT=3900 tsx scripts/report-standin.ts
 *   TMS_REPORT_ANHUI_URL=http://127.0.0.1:3900 TMS_REPORT_ANHUI_USER=ANHUI_DEV TMS_REPORT_ANHUI_PASSWORD=tms-dev npm start
 * It opens messages with STANDIN_PRIVATE_KEY and verifies them with STANDIN_SENDER_PUBLIC_KEY, by default
 * the development pair the platform uses outside production (platform/submission/dev-keys.ts).
 * A real province: set TMS_REPORT_ANHUI_URL, _USER, _PASSWORD, _PRIVATE_KEY and _PUBLIC_KEY to its
 * address, the account it issued, our registered key and its published key.
 */
import { startStandin } from "../platform/submission/standin.js";
import { readSettings } from "../contract/settings.js";
import { DEV_SENDER_KEYS, DEV_STANDIN_KEYS } from "../platform/submission/dev-keys.js";
import { parsePrivateKey, parsePublicKey } from "../platform/submission/keys.js";

const { settings } = readSettings(process.env, "script");
const user = settings.STANDIN_USER;
const privateKey = settings.STANDIN_PRIVATE_KEY ? parsePrivateKey(settings.STANDIN_PRIVATE_KEY) : DEV_STANDIN_KEYS.privateKey;
const senderPublicKey = settings.STANDIN_SENDER_PUBLIC_KEY ? parsePublicKey(settings.STANDIN_SENDER_PUBLIC_KEY) : DEV_SENDER_KEYS.publicKey;
if (!privateKey || !senderPublicKey) {
  console.error("[report-standin] STANDIN_PRIVATE_KEY / STANDIN_SENDER_PUBLIC_KEY 不是 SM2 密钥（十六进制或 PEM） / not an SM2 key in hex or PEM");
  process.exit(1);
}
const standin = await startStandin({ port: settings.STANDIN_PORT, accounts: { [user]: { password: settings.STANDIN_PASSWORD, privateKey, senderPublicKey } } });
console.log(`[report-standin] listening on ${standin.url} (account ${user}); POST /_control/fail {count, code|http} injects failures`);
const stop = () => void standin.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
