import { useCallback, useEffect, useRef, useState } from "react";
import { chinaDateTime } from "../../../contract/units";
import { POSITION_BATCH_MS, POSITION_BATCH_SIZE } from "~/lib/driver";
import type { PositionPlan } from "~/services/pages/driver.server";

/** The console's route that passes a batch on to the platform's position feed. */
export const POSITION_REPORT_PATH = "/driver-position";

/** Points closer together in time than this are one point (a phone may fire every second). */
const MIN_GAP_MS = 5_000;

interface Point {
  lat: number;
  lng: number;
  speed: number;
  accuracy: number;
  recordedAt: string;
}

type State = { kind: "idle" } | { kind: "watching"; sent: number; last: string | null } | { kind: "denied" } | { kind: "failed"; message: string };

function pointOf(position: GeolocationPosition): Point {
  const kmh = position.coords.speed == null || Number.isNaN(position.coords.speed) ? 0 : Math.round(position.coords.speed * 3.6);
  return {
    lat: position.coords.latitude,
    lng: position.coords.longitude,
    speed: Math.max(0, Math.min(200, kmh)),
    accuracy: Math.round(position.coords.accuracy),
    recordedAt: new Date(position.timestamp).toISOString(),
  };
}

/** "HH:MM" in China time. */
const clock = (iso: string) => chinaDateTime(iso).slice(11, 16);

/**
 * Reports his phone's position for his truck's waybill in transit while this page is open: the
 * browser's `watchPosition`, points batched (the first at once, then every POSITION_BATCH_SIZE points or
 * POSITION_BATCH_MS), each with its accuracy; the platform keeps the precise ones on the waybill's track.
 * Without JavaScript nothing is reported, and the page says so.
 */
function PositionReporter({ vehicleId, freightNo }: { vehicleId: number; freightNo: string }) {
  const [state, setState] = useState<State>({ kind: "idle" });
  // The button does something only once the script runs; the server's page does not offer it.
  const [scripted, setScripted] = useState(false);
  const buffer = useRef<Point[]>([]);
  const sentOnce = useRef(false);
  const watch = useRef<number | null>(null);

  const flush = useCallback(async () => {
    const points = buffer.current.splice(0);
    if (!points.length) return;
    try {
      const response = await fetch(POSITION_REPORT_PATH, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ vehicleId, points }),
        credentials: "same-origin",
        keepalive: true,
      });
      const result = (await response.json()) as { ok: boolean; stored?: number; message?: string };
      if (!result.ok) return setState({ kind: "failed", message: result.message ?? "位置上报失败" });
      setState((s) => ({ kind: "watching", sent: (s.kind === "watching" ? s.sent : 0) + (result.stored ?? 0), last: points[points.length - 1]!.recordedAt }));
    } catch {
      // Offline for a moment: keep the points for the next batch.
      buffer.current.unshift(...points);
    }
  }, [vehicleId]);

  const start = useCallback(() => {
    if (!("geolocation" in navigator)) return setState({ kind: "failed", message: "这部手机的浏览器不能定位" });
    if (watch.current !== null) return;
    setState({ kind: "watching", sent: 0, last: null });
    watch.current = navigator.geolocation.watchPosition(
      (position) => {
        const point = pointOf(position);
        const previous = buffer.current[buffer.current.length - 1];
        if (previous && Date.parse(point.recordedAt) - Date.parse(previous.recordedAt) < MIN_GAP_MS) return;
        buffer.current.push(point);
        if (!sentOnce.current || buffer.current.length >= POSITION_BATCH_SIZE) {
          sentOnce.current = true;
          void flush();
        }
      },
      (error) => setState(error.code === error.PERMISSION_DENIED ? { kind: "denied" } : { kind: "failed", message: "暂时无法定位，请到开阔处再试" }),
      { enableHighAccuracy: true, maximumAge: 10_000, timeout: 60_000 },
    );
  }, [flush]);

  useEffect(() => {
    setScripted(true);
    const timer = window.setInterval(() => void flush(), POSITION_BATCH_MS);
    const onHide = () => {
      if (document.visibilityState === "hidden") void flush();
    };
    document.addEventListener("visibilitychange", onHide);
    // Starts by itself when he has already allowed this site to locate him.
    void navigator.permissions?.query({ name: "geolocation" }).then((status) => {
      if (status.state === "granted") start();
    }, () => undefined);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onHide);
      if (watch.current !== null) navigator.geolocation.clearWatch(watch.current);
      watch.current = null;
      void flush();
    };
  }, [flush, start]);

  return (
    <section className="rounded-lg bg-white p-4 text-base shadow-sm" aria-labelledby="position-title" data-testid="driver-position">
      <h2 id="position-title" className="text-lg font-semibold">位置上报</h2>
      <p className="mt-1 text-gray-700">运单 {freightNo} 运输中，手机把您的位置报给企业，企业在在途监控里看到。</p>
      <p className="mt-1 font-semibold text-gray-900">只在本页打开时上报：关掉页面、切到别的应用或锁屏后就不再上报。</p>
      <noscript>
        <p className="alert-info mt-2 text-base">浏览器关闭了 JavaScript，本页不能上报位置；装货、卸货不受影响。</p>
      </noscript>
      {scripted && state.kind === "idle" ? (
        <button type="button" className="driver-button btn-primary mt-3" onClick={start} data-testid="position-start">开始上报位置</button>
      ) : null}
      <p className="mt-2" role="status" data-testid="position-status">
        {state.kind === "watching"
          ? state.last
            ? `正在上报：已上报 ${state.sent} 个位置，最近一次 ${clock(state.last)}`
            : "正在定位…"
          : state.kind === "denied"
            ? "没有定位权限：请在浏览器设置里允许本网站使用位置，再刷新本页"
            : state.kind === "failed"
              ? state.message
              : ""}
      </p>
    </section>
  );
}

/**
 * His page's position section for a waybill in transit: his phone reports a truck's; a ship's position
 * comes from its AIS only, and the page says so instead of asking for his location.
 */
export function PositionPanel({ plan }: { plan: PositionPlan }) {
  if (!plan) return null;
  if (plan.kind === "phone") return <PositionReporter vehicleId={plan.vehicleId} freightNo={plan.freightNo} />;
  return (
    <section className="rounded-lg bg-white p-4 text-base shadow-sm" aria-labelledby="position-title" data-testid="driver-position-ais">
      <h2 id="position-title" className="text-lg font-semibold">船舶位置</h2>
      <p className="mt-1 text-gray-700">
        运单 {plan.freightNo} 航行中。{plan.shipName ? `${plan.shipName}的` : "船舶的"}位置由船上的 AIS 设备报给企业，企业在在途船舶里看到。
      </p>
      <p className="mt-1 font-semibold text-gray-900">本页不上报手机位置，也不需要打开定位；请保持 AIS 设备开启。</p>
    </section>
  );
}
