import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useEffect, useState } from "react";
import { inputProps } from "~/lib/form";
import { loginSchema, smsRequestSchema } from "~/lib/login-schema";
import { LoginError, authenticator } from "~/services/auth.server";
import { identityApi } from "~/services/identity.server";
import { PlatformError } from "~/services/platform.server";
import { commitSession, getSession, newSessionKey, readFlash, safeRedirect, sessionTokens, storeTokens } from "~/services/session.server";
import { forwardedFor, platformTarget, requestBranding } from "~/services/target.server";
import { readForm } from "~/services/read-form.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `登录 - ${data?.productTitle ?? "运输管理后台"}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await getSession(request);
  if (sessionTokens(session)) throw redirect("/");
  const flash = await readFlash(request);
  const headers = new Headers();
  if (flash.clear) headers.append("Set-Cookie", flash.clear);
  return json({ productTitle: requestBranding(request).title, notice: flash.message }, { headers });
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request.clone());
  if (formData.get("intent") === "send-sms") {
    const submission = parseWithZod(formData, { schema: smsRequestSchema });
    if (submission.status !== "success") return json({ result: submission.reply(), smsSent: false, captchaSvg: null });
    try {
      await identityApi.smsCode(platformTarget(request), requestBranding(request).clientId, submission.value.mobile, forwardedFor(request));
      return json({ result: submission.reply(), smsSent: true, captchaSvg: null });
    } catch (error) {
      const message = error instanceof PlatformError ? error.message : "验证码发送失败，请稍后重试";
      return json({ result: submission.reply({ formErrors: [message] }), smsSent: false, captchaSvg: null });
    }
  }

  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== "success") return json({ result: submission.reply(), smsSent: false, captchaSvg: null });
  try {
    const { tokens, pwExpiration } = await authenticator.authenticate("platform-login", request);
    const session = await getSession(request);
    storeTokens(session, tokens);
    session.set("sessionKey", newSessionKey());
    // Spec 4: the password expiry is stored with the tokens; an expired one is changed first.
    if (pwExpiration) session.set("pwExpiration", pwExpiration);
    // Without a page to return to, "/" decides where the account lands (a driver on his own home).
    return redirect(safeRedirect(formData.get("redirect"), "/"), { headers: { "Set-Cookie": await commitSession(session) } });
  } catch (error) {
    if (error instanceof LoginError) {
      return json({ result: submission.reply({ formErrors: [error.message], hideFields: ["password"] }), smsSent: false, captchaSvg: error.captchaSvg });
    }
    throw error;
  }
}

const SMS_COOLDOWN_SECONDS = 60;

export default function LoginPage() {
  const { productTitle, notice } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const mode = params.get("mode") === "sms" ? "sms" : "password";
  const redirectTo = params.get("redirect") ?? "";
  const [form, fields] = useForm({
    id: `login-${mode}`,
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // Sending an SMS code only needs the mobile; logging in needs the whole form.
    onValidate: ({ formData }) => parseWithZod(formData, { schema: formData.get("intent") === "send-sms" ? smsRequestSchema : loginSchema }),
  });
  const [cooldown, setCooldown] = useState(0);
  useEffect(() => {
    if (actionData?.smsSent) setCooldown(SMS_COOLDOWN_SECONDS);
  }, [actionData]);
  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = setTimeout(() => setCooldown((c) => c - 1), 1000);
    return () => clearTimeout(timer);
  }, [cooldown]);

  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") !== "send-sms";
  const tabHref = (m: string) => `?${new URLSearchParams({ ...(redirectTo ? { redirect: redirectTo } : {}), ...(m === "sms" ? { mode: "sms" } : {}) })}`;
  const captchaSvg = actionData?.captchaSvg;

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-[#2d3a4b] to-[#1f2d3d] p-4">
      <div className="w-full max-w-[400px] rounded-lg bg-white p-8 shadow-xl">
        <h1 className="mb-1 text-center text-xl font-semibold text-gray-800">{productTitle}</h1>
        <p className="mb-6 text-center text-xs text-muted">粮食与大宗货运运输管理</p>
        <nav className="mb-5 flex border-b border-gray-200" aria-label="登录方式">
          {(["password", "sms"] as const).map((m) => (
            <Link
              key={m}
              to={tabHref(m)}
              replace
              aria-current={mode === m ? "page" : undefined}
              className={`-mb-px flex-1 border-b-2 pb-2 text-center ${mode === m ? "border-primary text-primary" : "border-transparent text-muted"}`}
            >
              {m === "password" ? "密码登录" : "验证码登录"}
            </Link>
          ))}
        </nav>
        {notice ? <p className="alert-error mb-4" role="alert">{notice}</p> : null}
        {form.errors?.length ? (
          <p className="alert-error mb-4" role="alert" id={form.errorId}>
            {form.errors[0]}
          </p>
        ) : null}
        {actionData?.smsSent ? <p className="alert-success mb-4" role="status">验证码已发送，请注意查收</p> : null}
        <Form method="post" {...getFormProps(form)} className="space-y-4">
          <input type="hidden" name="grantType" value={mode} />
          <input type="hidden" name="redirect" value={redirectTo} />
          <div>
            <label htmlFor={fields.mobile.id} className="mb-1 block text-sm text-gray-600">手机号</label>
            <input
              {...inputProps(fields.mobile, { type: "tel" })}
              autoComplete="username"
              inputMode="numeric"
              maxLength={11}
              placeholder="请输入11位手机号"
              className={`input h-10 ${fields.mobile.errors ? "input-error" : ""}`}
            />
            {fields.mobile.errors ? <p className="field-error" id={fields.mobile.errorId}>{fields.mobile.errors[0]}</p> : null}
          </div>
          {mode === "password" ? (
            <div>
              <label htmlFor={fields.password.id} className="mb-1 block text-sm text-gray-600">密码</label>
              <input
                {...inputProps(fields.password, { type: "password" })}
                autoComplete="current-password"
                placeholder="请输入密码"
                className={`input h-10 ${fields.password.errors ? "input-error" : ""}`}
              />
              {fields.password.errors ? <p className="field-error" id={fields.password.errorId}>{fields.password.errors[0]}</p> : null}
            </div>
          ) : (
            <div>
              <label htmlFor={fields.smsCode.id} className="mb-1 block text-sm text-gray-600">短信验证码</label>
              <div className="flex gap-2">
                <input
                  {...inputProps(fields.smsCode, { type: "text" })}
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  maxLength={6}
                  placeholder="6位验证码"
                  className={`input h-10 ${fields.smsCode.errors ? "input-error" : ""}`}
                />
                <button type="submit" name="intent" value="send-sms" formNoValidate className="btn h-10 w-32 shrink-0" disabled={cooldown > 0}>
                  {cooldown > 0 ? `${cooldown} 秒后重发` : "获取验证码"}
                </button>
              </div>
              {fields.smsCode.errors ? <p className="field-error" id={fields.smsCode.errorId}>{fields.smsCode.errors[0]}</p> : null}
            </div>
          )}
          {captchaSvg ? (
            <div>
              <label htmlFor="captchaValue" className="mb-1 block text-sm text-gray-600">图形验证码</label>
              <div className="flex gap-2">
                <input id="captchaValue" name="captchaValue" className="input h-10" placeholder="请输入右侧字符" autoComplete="off" maxLength={8} required />
                <img src={`data:image/svg+xml;base64,${btoaUtf8(captchaSvg)}`} alt="图形验证码" className="h-10 w-[110px] shrink-0 rounded border" />
              </div>
            </div>
          ) : null}
          <button type="submit" name="intent" value="login" className="btn btn-primary h-10 w-full text-base" disabled={submitting}>
            {submitting ? "登录中…" : "登 录"}
          </button>
        </Form>
        <p className="mt-6 text-center text-xs text-muted">
          <Link to="/activate" className="hover:text-primary">账号激活 / 接受邀请</Link>
          <span className="mx-2">·</span>
          <Link to="/download" className="hover:text-primary">下载 App</Link>
        </p>
      </div>
    </main>
  );
}

function btoaUtf8(text: string): string {
  if (typeof window === "undefined") return Buffer.from(text, "utf8").toString("base64");
  return window.btoa(unescape(encodeURIComponent(text)));
}
export { shouldRevalidate } from "~/lib/revalidate";
