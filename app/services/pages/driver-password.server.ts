/**
 * 设置密码 on his phone (`/driver/password`): where a driver or captain is sent before anything else when
 * his account has no password yet (an enterprise opened it; he logged in by SMS code) or his password
 * must be changed (an initial password from the SMS, or one past its expiry). Then his home.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { setPasswordSchema } from "../../../contract/activation";
import { DRIVER_HOME } from "~/navigation";
import { pageJson } from "~/services/page-data.server";
import type { PersonalInfo } from "~/services/pages/iam.server";
import { PlatformError } from "~/services/platform.server";
import { readForm } from "~/services/read-form.server";
import { passwordExpired, requirePage } from "~/services/user.server";

export async function driverPasswordLoader({ request }: LoaderFunctionArgs) {
  const user = await requirePage(request);
  const info = await user.call<PersonalInfo>({ path: "/personal/info" });
  return pageJson(user, { name: info.name, mobile: info.mobile, hasPassword: info.hasPassword, required: passwordExpired(user) });
}
export type DriverPasswordLoader = typeof driverPasswordLoader;

export async function driverPasswordAction({ request }: ActionFunctionArgs) {
  const user = await requirePage(request);
  const form = await readForm(request);
  const raw = { oldPassword: String(form.get("oldPassword") ?? "") || undefined, password: String(form.get("password") ?? ""), confirmPassword: String(form.get("confirmPassword") ?? "") };
  const parsed = setPasswordSchema.safeParse(raw);
  if (!parsed.success) {
    const errors = Object.fromEntries([...parsed.error.issues].reverse().map((issue) => [String(issue.path[0] ?? "form"), issue.message]));
    return json({ errors, refusal: null as string | null }, { status: 400 });
  }
  try {
    const changed = await user.call<{ pwExpiration: string | null }>({ path: "/personal/password", body: { oldPassword: parsed.data.oldPassword ?? null, newPassword: parsed.data.password } });
    user.passwordChanged(changed.pwExpiration);
  } catch (error) {
    if (error instanceof PlatformError) return json({ errors: {} as Record<string, string>, refusal: error.message }, { status: 400 });
    throw error;
  }
  return redirect(`${DRIVER_HOME}?password=set`, { headers: await user.cookieHeaders() });
}
export type DriverPasswordAction = typeof driverPasswordAction;
