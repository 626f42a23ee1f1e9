import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { VEHICLE_LENGTHS } from "../../../contract/resources/vehicle-availability";
import { chinaDateTime } from "../../../contract/units";
import { fenToYuan, kgToTonnes } from "~/lib/format";
import { Pagination } from "~/components/ui/Pagination";
import { RegionSelect } from "~/components/resource/RegionSelect";
import type { findCarLoader } from "~/services/pages/find-car.server";

const labelClass = "filter-label";

function Field({ name, label, value, error, placeholder }: { name: string; label: string; value?: string; error?: string; placeholder?: string }) {
  return (
    <div>
      <label htmlFor={`find-${name}`} className={labelClass}>{label}</label>
      <input id={`find-${name}`} name={name} defaultValue={value ?? ""} placeholder={placeholder} className={`input ${error ? "input-error" : ""}`} />
      {error ? <p className="field-error">{error}</p> : null}
    </div>
  );
}

/** 找车: a GET search form, the live 车源 as cards (masked plate and number), 联系 and 短信邀请 as POST forms. */
export function FindCarPage() {
  const data = useLoaderData<typeof findCarLoader>();
  const action = useActionData<{ error?: string }>();
  const location = useLocation();
  const { values, errors } = data;
  const withInvite = (id: number) => {
    const params = new URLSearchParams(location.search);
    params.set("invite", String(id));
    return `${location.pathname}?${params}`;
  };
  const cards = data.page?.records ?? [];
  return (
    <section className="card space-y-3" aria-labelledby="findcar-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="findcar-title" className="page-title mb-0">找车</h2>
        {data.mayPublish ? <a href="/carAdministration/findCar/setCarInfo" className="btn btn-primary">设置车辆信息</a> : null}
      </div>
      {data.notice ? <p className="alert-success" role="status" data-testid="findcar-notice">{data.notice}</p> : null}
      {action?.error ? <p className="alert-error" role="alert">{action.error}</p> : null}
      {data.error ? <p className="alert-error" role="alert">{data.error}</p> : null}
      <Form method="get" key={location.search} className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-label="找车查询">
        <Field name="place" label="当前位置" value={values.place} error={errors.place} placeholder="如 蚌埠" />
        <RegionSelect name="regionCode" id="find-regionCode" label="当前地区" choice={data.regions.regionCode} error={errors.regionCode} filter />
        <Field name="toPlace" label="期望流向" value={values.toPlace} error={errors.toPlace} placeholder="如 芜湖" />
        <Field name="plateNo" label="车牌号" value={values.plateNo} error={errors.plateNo} />
        <Field name="vehicleType" label="车型" value={values.vehicleType} error={errors.vehicleType} placeholder="如 半挂" />
        <div>
          <label htmlFor="find-vehicleLength" className={labelClass}>车长</label>
          <select id="find-vehicleLength" name="vehicleLength" defaultValue={values.vehicleLength ?? ""} className="input">
            <option value="">全部</option>
            {Object.entries(VEHICLE_LENGTHS).map(([key, l]) => <option key={key} value={key}>{l.label}</option>)}
          </select>
          {errors.vehicleLength ? <p className="field-error">{errors.vehicleLength}</p> : null}
        </div>
        <Field name="minLoad" label="可载重量不低于（吨）" value={values.minLoad} error={errors.minLoad} />
        <div>
          <label htmlFor="find-availableOn" className={labelClass}>可用日期</label>
          <input id="find-availableOn" type="date" name="availableOn" defaultValue={values.availableOn ?? ""} className="input" />
          {errors.availableOn ? <p className="field-error">{errors.availableOn}</p> : null}
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="idleOnly" value="true" defaultChecked={values.idleOnly === "true"} />仅看空闲车辆
        </label>
        <div className="flex items-end gap-2">
          <button type="submit" className="btn btn-primary">查询</button>
          <a href={location.pathname} className="btn">重置</a>
        </div>
      </Form>
      {data.page && cards.length === 0 ? <p className="py-6 text-center text-muted">没有符合条件的可接单车辆</p> : null}
      <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3" data-testid="findcar-list">
        {cards.map((c) => (
          <li key={c.id} className="rounded border border-gray-200 p-3 text-sm" data-testid="findcar-card">
            <div className="mb-1 flex items-center justify-between">
              <span className="text-base font-medium">{c.plateNo}</span>
              <span className={c.busy ? "text-info" : "text-success"}>{c.busy ? "运输中" : "空闲"}</span>
            </div>
            <p>{c.vehicleType} · {VEHICLE_LENGTHS[c.vehicleLength as keyof typeof VEHICLE_LENGTHS]?.label ?? c.vehicleLength} · 可载 {kgToTonnes(c.availableLoad)} 吨</p>
            <p>当前位置：{c.currentPlace}</p>
            <p>期望流向：{c.toPlaces || "不限"}</p>
            <p>可用时间：{chinaDateTime(c.availableFrom).slice(0, 16)} 至 {chinaDateTime(c.availableTo).slice(0, 16)}</p>
            <p>期望运价：{c.expectedPrice == null ? "面议" : `${fenToYuan(c.expectedPrice)} 元/吨`}</p>
            <p>所属：{c.orgName} · 联系电话：{c.contactMobile}</p>
            <p className="text-xs text-muted">最后定位：{c.lastPositionAt ? chinaDateTime(c.lastPositionAt) : "无"} · 被联系 {c.contactCount} 次{c.own ? " · 本企业车源" : ""}</p>
            {!c.own && (data.mayContact || data.mayInvite) ? (
              <div className="mt-2 flex flex-wrap gap-2">
                {data.mayContact ? (
                  <Form method="post" replace>
                    <input type="hidden" name="id" value={c.id} />
                    <button className="btn btn-primary" type="submit" name="intent" value="contact">联系</button>
                  </Form>
                ) : null}
                {data.mayInvite && data.inviteId !== c.id ? <a className="btn" href={withInvite(c.id)}>短信邀请</a> : null}
              </div>
            ) : null}
            {data.mayInvite && data.inviteId === c.id ? (
              <Form method="post" className="mt-2 flex flex-wrap items-end gap-2" aria-label="发送找车邀请">
                <input type="hidden" name="id" value={c.id} />
                <label className="text-xs text-muted">线路<input className="input" name="route" required minLength={2} maxLength={40} placeholder="如 蚌埠 → 芜湖" /></label>
                <button className="btn btn-primary" type="submit" name="intent" value="invite">发送邀请</button>
                <a className="btn" href={location.pathname + location.search.replace(/([?&])invite=\d+&?/, "$1").replace(/[?&]$/, "")}>取消</a>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
      {data.page ? <Pagination total={data.page.total} current={data.page.current} size={data.page.size} /> : null}
    </section>
  );
}
