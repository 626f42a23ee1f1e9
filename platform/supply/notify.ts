/**
 * Who hears about a supply (SOURCE_GOODS_LIST notifications, so 查看详情 opens /supplyManage/supplyDetail):
 * on 发布 / 重新上架 the staff who may audit it (the platform's and the supply's tenant's holders of
 * TMS_AUDIT_SOURCE); on 通过 / 驳回 / 下架 the supply's organisation; on 改价 the organisation and the drivers
 * who favourited it. Never the person who acted. Runs after commit; a failure is logged, not raised.
 */
import { yuanPlain } from "../../contract/numbers.js";
import type { ServiceContext } from "../context.js";
import { holdersOf, notifyUsers } from "../iam/notifications/notify.js";
import type { Row } from "../resources/bind.js";

const ids = (rows: Array<{ id: number | null }>) => rows.flatMap((r) => (r.id == null ? [] : [Number(r.id)]));

const auditorsOf = (ctx: ServiceContext, supply: Row) => holdersOf(ctx, "TMS_AUDIT_SOURCE", { platformId: String(supply.platform_id), tenantId: Number(supply.tenant_id) });

async function organisationOf(ctx: ServiceContext, supply: Row): Promise<number[]> {
  const rows = await ctx.db.kysely.selectFrom("users").select("id").where("org_id", "=", Number(supply.org_id)).where("type", "=", "ORG_USER").where("status", "=", "ACTIVE").execute();
  return ids(rows);
}

async function favouritersOf(ctx: ServiceContext, supply: Row): Promise<number[]> {
  const rows = await ctx.db.kysely.selectFrom("supply_favorites").select("user_id as id").where("supply_id", "=", supply.id).where("cancelled_at", "is", null).where("deleted_at", "is", null).execute();
  return ids(rows);
}

const lineOf = (supply: Row) => `${String(supply.cargo_name)}（${String(supply.loading_place)} → ${String(supply.unloading_place)}）`;

/** The message and recipients of a transition, or null when nobody needs to hear about it. */
async function messageOf(ctx: ServiceContext, supply: Row, transition: string, detail: { oldPrice?: number | null }): Promise<{ to: number[]; content: string } | null> {
  const no = String(supply.supply_no);
  switch (transition) {
    case "publish":
    case "reshelf":
      return { to: await auditorsOf(ctx, supply), content: `货源 ${no} ${lineOf(supply)} 已提交审核，请及时处理。` };
    case "approve":
      return { to: await organisationOf(ctx, supply), content: `您的货源 ${no} ${lineOf(supply)} 已审核通过，已在货源大厅发布。` };
    case "reject":
      return { to: await organisationOf(ctx, supply), content: `您的货源 ${no} ${lineOf(supply)} 审核驳回：${String(supply.audit_remark ?? "")}` };
    case "offShelf":
      return { to: await organisationOf(ctx, supply), content: `货源 ${no} ${lineOf(supply)} 已下架：${String(supply.off_reason ?? "")}` };
    case "reprice": {
      const from = detail.oldPrice == null ? "" : `由 ${yuanPlain(detail.oldPrice)} 元/吨`;
      const to = [...(await organisationOf(ctx, supply)), ...(await favouritersOf(ctx, supply))];
      return { to, content: `货源 ${no} ${lineOf(supply)} 司机运价${from}调整为 ${yuanPlain(Number(supply.carrier_unit_price))} 元/吨。` };
    }
    default:
      return null;
  }
}

export async function notifySupply(ctx: ServiceContext, supply: Row, transition: string, actorUserId: number, detail: { oldPrice?: number | null } = {}): Promise<void> {
  try {
    const message = await messageOf(ctx, supply, transition, detail);
    if (!message) return;
    await notifyUsers(
      ctx,
      message.to.filter((id) => id !== actorUserId),
      { content: message.content, targetType: "SOURCE_GOODS_LIST", targetId: Number(supply.id), tags: ["supply"] },
    );
  } catch (error) {
    ctx.log.error({ err: error, supplyNo: supply.supply_no, transition }, "supply notification failed");
  }
}
