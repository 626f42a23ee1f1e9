import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { ResultNotice } from "~/components/ui/ResultNotice";
import { titled } from "~/lib/meta";
import { pwConfigAction, pwConfigLoader } from "~/services/pages/iam.server";

export const meta = titled("密码过期配置");
export const loader = ({ request }: LoaderFunctionArgs) => pwConfigLoader(request);
export const action = ({ request }: ActionFunctionArgs) => pwConfigAction(request);

const PRESETS = [0, 30, 60, 90, 180, 365];

/** 密码过期配置 (domain 6.5; spec 7.4 sys-configs): how many days a password lasts; enforced at login. */
export default function ExpirationPasswordConfigPage() {
  const { days } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const preset = PRESETS.includes(days);
  return (
    <section className="card max-w-2xl" aria-labelledby="pw-title">
      <h2 id="pw-title" className="page-title">密码过期配置</h2>
      <p className="mb-3">当前设置：<b>{days === 0 ? "永不过期" : `${days} 天`}</b></p>
      <ResultNotice result={result} />
      <Form method="post" className="flex flex-col gap-3">
        <fieldset className="flex flex-wrap gap-4" aria-label="密码有效期">
          {PRESETS.map((d) => (
            <label key={d} className="flex items-center gap-1">
              <input type="radio" name="days" value={d} defaultChecked={days === d} />
              {d === 0 ? "永不过期" : `${d} 天`}
            </label>
          ))}
          <label className="flex items-center gap-1">
            <input type="radio" name="days" value="custom" defaultChecked={!preset} />
            自定义
            <input name="customDays" type="number" min={1} max={365} defaultValue={preset ? "" : days} aria-label="自定义天数" className="input w-24" /> 天
          </label>
        </fieldset>
        <label className="flex items-center gap-2">
          <input type="checkbox" name="applyToExisting" />
          对现有用户立即生效（按各用户上次修改密码的时间重新计算到期日）
        </label>
        <p className="text-sm text-muted">密码到期的用户登录后须先修改密码，才能使用其他功能。</p>
        <div><button type="submit" className="btn btn-primary">保存</button></div>
      </Form>
    </section>
  );
}
export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";
