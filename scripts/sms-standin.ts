/**
 * Runs an SMS stand-in on its own port, to point a platform at it as if it were the SMS provider.
 * The development gateway (platform/fleet/sms-standin.ts):
 *   SMS_STANDIN_PORT=3910 tsx scripts/sms-standin.ts
 *   TMS_SMS_URL=http://127.0.0.1:3910 TMS_SMS_ACCOUNT=tms-dev TMS_SMS_KEY=tms-dev-sms-key npm start
 * A vendor's (platform/fleet/sms-vendor-standins.ts), checking the signature, sign name and templates
 * of the same TMS_SMS_* settings the platform is given:
 *   SMS_STANDIN_PROVIDER=aliyun TMS_SMS_ACCOUNT=… TMS_SMS_KEY=… TMS_SMS_SIGN=… TMS_SMS_TEMPLATE_…=… tsx scripts/sms-standin.ts
 *   TMS_SMS_PROVIDER=aliyun TMS_SMS_URL=http://127.0.0.1:3910 (the same TMS_SMS_*) npm start
 */
import { ACCOUNT_SMS_CODES, defaultProviderTemplate } from "../contract/account-sms.js";
import { readSettings } from "../contract/settings.js";
import { startSmsStandin } from "../platform/fleet/sms-standin.js";
import { startVendorStandin } from "../platform/fleet/sms-vendor-standins.js";

const { settings } = readSettings(process.env, "script");
const platform = readSettings(process.env, "platform").settings;
const provider = settings.SMS_STANDIN_PROVIDER;
const account = settings.SMS_STANDIN_ACCOUNT;
const standin =
  provider === "standin"
    ? await startSmsStandin({ port: settings.SMS_STANDIN_PORT, accounts: { [account]: settings.SMS_STANDIN_KEY } })
    : await startVendorStandin({
        provider,
        port: settings.SMS_STANDIN_PORT,
        accessKeyId: platform.TMS_SMS_ACCOUNT ?? account,
        accessKeySecret: platform.TMS_SMS_KEY ?? settings.SMS_STANDIN_KEY,
        appId: platform.TMS_SMS_APP_ID ?? undefined,
        signNames: [platform.TMS_SMS_SIGN ?? "运输管理后台"],
        templates: Object.fromEntries(
          ACCOUNT_SMS_CODES.map((code) => platform[`TMS_SMS_TEMPLATE_${code}`] ?? defaultProviderTemplate(code)).map((t) => [t.templateCode, t.params.map((p) => p.name)]),
        ),
      });
console.log(`[sms-standin] ${provider} listening on ${standin.url}; POST /_control/fail {count, code} injects failures`);
const stop = () => void standin.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
