import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { PublicShipCard } from "../../contract/fleet";
import { titled } from "~/lib/meta";
import { PlatformError, platformFetch } from "~/services/platform.server";
import { platformTarget } from "~/services/target.server";

export const meta = titled("船舶详情");

/** 船舶详情 (public, no login, mobile-first): only the public fields of domain 7.6. */
export async function loader({ request }: LoaderFunctionArgs) {
  const id = Number(new URL(request.url).searchParams.get("id"));
  if (!Number.isInteger(id) || id <= 0) return json({ ship: null, message: "请通过分享的链接打开船舶详情" });
  try {
    const ship = await platformFetch<PublicShipCard>(platformTarget(request), { tokens: null }, { path: `/public/ship/${id}`, method: "GET" });
    return json({ ship, message: null });
  } catch (error) {
    if (error instanceof PlatformError && error.kind === "not-found") return json({ ship: null, message: "船舶不存在或未公开" }, { status: 404 });
    throw error;
  }
}

const Row = ({ label, value }: { label: string; value: string }) => (
  <div className="flex justify-between border-b border-gray-100 py-2.5 text-sm">
    <dt className="text-muted">{label}</dt>
    <dd className="text-right font-medium text-gray-800">{value}</dd>
  </div>
);

export default function ShipDetailPage() {
  const { ship, message } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto min-h-screen max-w-[480px] bg-gray-50">
      <header className="bg-primary px-4 py-3 text-white">
        <h1 className="text-base font-semibold">船舶详情</h1>
      </header>
      {ship ? (
        <section className="m-3 rounded-lg bg-white p-4 shadow-sm" data-testid="ship-card">
          <div className="mb-2 flex items-center justify-between">
            <h2 className="text-lg font-semibold">{ship.shipName}</h2>
            <span className={`rounded px-2 py-0.5 text-xs ${ship.certified ? "bg-green-50 text-success" : "bg-gray-100 text-muted"}`}>{ship.certified ? "已认证" : "未认证"}</span>
          </div>
          <dl>
            <Row label="船舶类型" value={ship.shipType} />
            <Row label="载重吨" value={`${ship.deadweightTonnes} 吨`} />
            <Row label="建造年份" value={ship.buildYear ?? "—"} />
            <Row label="船籍港" value={ship.registryPort ?? "—"} />
            <Row label="最近定位日期" value={ship.lastPositionDay ?? "暂无定位"} />
            <Row label="成交航次" value={`${ship.completedVoyages} 次`} />
          </dl>
          <p className="mt-3 text-xs text-muted">联系方式等信息请登录后在找船列表查看。</p>
        </section>
      ) : (
        <p className="m-6 text-center text-sm text-muted" role="status">{message}</p>
      )}
      <p className="pb-6 text-center text-sm"><Link to="/download" className="text-primary">下载 App</Link></p>
    </main>
  );
}
export { shouldRevalidate } from "~/lib/revalidate";
