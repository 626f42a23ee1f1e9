import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { titled } from "~/lib/meta";
import { wechatAction } from "~/services/pages/iam.server";

export const meta = titled("绑定账号");

export const loader = ({ request }: LoaderFunctionArgs) => {
  const url = new URL(request.url);
  return json({ openid: url.searchParams.get("openid") ?? "", state: url.searchParams.get("state") ?? "" });
};
export const action = ({ request }: ActionFunctionArgs) => wechatAction(request);

/** /WXbinding (public): bind the WeChat identity of the link to an account proven by mobile + SMS code. */
export default function WxBindingPage() {
  const { openid, state } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const data = result?.data as { mobile?: string; bound?: boolean } | undefined;
  return (
    <main className="flex min-h-screen items-start justify-center bg-gray-50 p-6">
      <div className="card w-full max-w-md">
        <h1 className="page-title">绑定账号</h1>
        {result?.error ? <p role="alert" className="alert-error mb-3">{result.error}</p> : null}
        {result?.ok ? <p role="status" className="alert-success mb-3">{result.ok}</p> : null}
        {!openid || !state ? (
          <p role="alert" className="alert-error">绑定链接不完整，请从微信公众号重新进入。</p>
        ) : data?.bound ? (
          <p>绑定完成，可以关闭本页面。</p>
        ) : (
          <Form method="post" className="flex flex-col gap-3">
            <input type="hidden" name="openid" value={openid} />
            <input type="hidden" name="state" value={state} />
            <label className="flex flex-col text-sm">手机号<input name="mobile" required inputMode="tel" pattern="1\d{10}" maxLength={11} defaultValue={data?.mobile ?? ""} className="input" /></label>
            <div className="flex items-end gap-2">
              <label className="flex flex-1 flex-col text-sm">短信验证码<input name="smsCode" inputMode="numeric" maxLength={6} className="input" /></label>
              <button type="submit" name="intent" value="sms" className="btn" formNoValidate>获取验证码</button>
            </div>
            <button type="submit" name="intent" value="bind" className="btn btn-primary">绑定</button>
          </Form>
        )}
      </div>
    </main>
  );
}
export { shouldRevalidate } from "~/lib/revalidate";
