/**
 * 账号激活 / 接受注册邀请: a driver or captain whose account an enterprise made, or
 * the invitee of a 注册邀请, proves his mobile with an SMS code and sets his password; then he logs in.
 * Plain forms: it works with JavaScript off. `?mobile=…&code=…` fills the form from an invitation.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { activationSchema, activationSmsSchema, PASSWORD_RULE_TEXT } from "../../contract/activation";
import { identityApi } from "~/services/identity.server";
import { PlatformError } from "~/services/platform.server";
import { readForm } from "~/services/read-form.server";
import { flashHeader } from "~/services/session.server";
import { forwardedFor, platformTarget, requestBranding } from "~/services/target.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `账号激活 - ${data?.productTitle ?? "运输管理后台"}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return json({ productTitle: requestBranding(request).title, mobile: url.searchParams.get("mobile")?.slice(0, 11) ?? "", inviteCode: url.searchParams.get("code")?.slice(0, 8) ?? "" });
}

type Reply = { error: string | null; fieldErrors: Record<string, string>; smsSent: boolean; values: { mobile: string; inviteCode: string } };

const firstErrors = (issues: ReadonlyArray<{ path: ReadonlyArray<string | number>; message: string }>) =>
  Object.fromEntries([...issues].reverse().map((issue) => [String(issue.path[0] ?? "form"), issue.message]));

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const raw = Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]));
  const values = { mobile: raw.mobile ?? "", inviteCode: raw.inviteCode ?? "" };
  const reply = (part: Partial<Reply>) => json<Reply>({ error: null, fieldErrors: {}, smsSent: false, values, ...part });
  const target = platformTarget(request);
  try {
    if (raw.intent === "send-sms") {
      const parsed = activationSmsSchema.safeParse(raw);
      if (!parsed.success) return reply({ fieldErrors: firstErrors(parsed.error.issues) });
      await identityApi.activationSms(target, requestBranding(request).clientId, parsed.data, forwardedFor(request));
      return reply({ smsSent: true });
    }
    const parsed = activationSchema.safeParse(raw);
    if (!parsed.success) return reply({ fieldErrors: firstErrors(parsed.error.issues) });
    await identityApi.activate(target, parsed.data, forwardedFor(request));
    return redirect(`/login?${new URLSearchParams({ mobile: parsed.data.mobile })}`, { headers: { "Set-Cookie": await flashHeader("账号已激活，请用手机号和新密码登录") } });
  } catch (error) {
    if (error instanceof PlatformError) return reply({ error: error.message });
    throw error;
  }
}

function Field(props: { name: string; label: string; type?: string; defaultValue?: string; error?: string; autoComplete?: string; placeholder?: string; maxLength?: number }) {
  const id = `activate-${props.name}`;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm text-gray-600">{props.label}</label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? "text"}
        defaultValue={props.defaultValue}
        autoComplete={props.autoComplete}
        placeholder={props.placeholder}
        maxLength={props.maxLength}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
        className={`input h-[44px] ${props.error ? "input-error" : ""}`}
      />
      {props.error ? <p className="field-error" id={`${id}-error`}>{props.error}</p> : null}
    </div>
  );
}

export default function ActivatePage() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const navigation = useNavigation();
  const errors = reply?.fieldErrors ?? {};
  const values = reply?.values ?? { mobile: data.mobile, inviteCode: data.inviteCode };
  const busy = navigation.state !== "idle";
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-[#2d3a4b] to-[#1f2d3d] p-4">
      <div className="w-full max-w-[400px] rounded-lg bg-white p-8 shadow-xl">
        <h1 className="mb-1 text-center text-xl font-semibold text-gray-800">账号激活</h1>
        <p className="mb-6 text-center text-xs text-muted">企业已为您开通账号，或您收到了注册邀请：验证手机号后设置登录密码</p>
        {reply?.error ? <p className="alert-error mb-4" role="alert">{reply.error}</p> : null}
        {errors.form ? <p className="alert-error mb-4" role="alert">{errors.form}</p> : null}
        {reply?.smsSent ? <p className="alert-success mb-4" role="status">如该手机号有待激活的账号或有效的邀请，验证码已发送，请注意查收</p> : null}
        <Form method="post" className="space-y-4">
          <Field name="mobile" label="手机号" type="tel" defaultValue={values.mobile} error={errors.mobile} autoComplete="username" placeholder="请输入11位手机号" maxLength={11} />
          <Field name="inviteCode" label="邀请码（收到注册邀请时填写）" defaultValue={values.inviteCode} error={errors.inviteCode} placeholder="8 位邀请码，可不填" maxLength={8} />
          <div>
            <div className="flex items-end gap-2">
              <div className="flex-1">
                <Field name="smsCode" label="短信验证码" error={errors.smsCode} autoComplete="one-time-code" placeholder="6位验证码" maxLength={6} />
              </div>
              <button type="submit" name="intent" value="send-sms" formNoValidate className="btn mb-[2px] h-[44px] w-32 shrink-0" disabled={busy}>
                获取验证码
              </button>
            </div>
          </div>
          <Field name="password" label="登录密码" type="password" error={errors.password} autoComplete="new-password" placeholder={PASSWORD_RULE_TEXT} maxLength={20} />
          <Field name="confirmPassword" label="确认密码" type="password" error={errors.confirmPassword} autoComplete="new-password" placeholder="请再次输入密码" maxLength={20} />
          <button type="submit" name="intent" value="activate" className="btn btn-primary h-[44px] w-full text-base" disabled={busy}>
            激活并设置密码
          </button>
        </Form>
        <p className="mt-6 text-center text-xs text-muted">
          <Link to="/login" className="inline-flex min-h-[44px] items-center px-2 hover:text-primary">已有密码，去登录</Link>
        </p>
      </div>
    </main>
  );
}
export { shouldRevalidate } from "~/lib/revalidate";
