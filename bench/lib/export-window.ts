/** The export benchmarks' date window: how many days of waybills make an export of about the wanted size. */
import { addDays, chinaDate } from "../../contract/units.js";

/** `createdFrom`/`createdTo` for the last `days` China days (today included). */
export const createdWindow = (days: number) => ({ createdFrom: addDays(chinaDate(), -days), createdTo: chinaDate() });

/**
 * The widest created-date window (days back from today, at most `maxDays`) whose waybill list, as the
 * console counts it for this session, holds at most `target` rows.
 */
export async function exportWindow(consoleUrl: string, cookie: string, target: number, maxDays: number): Promise<{ filter: Record<string, string>; rows: number }> {
  const totalFor = async (days: number) => {
    const query = new URLSearchParams({ ...createdWindow(days), size: "10" });
    const html = await (await fetch(`${consoleUrl}/dispatchManage/waybillList?${query}`, { headers: { Cookie: cookie } })).text();
    return Number(/data-testid="total">(\d+)</.exec(html)?.[1] ?? 0);
  };
  let low = 1;
  let high = maxDays;
  let best = { days: 1, rows: await totalFor(1) };
  while (low <= high) {
    const mid = Math.floor((low + high) / 2);
    const rows = await totalFor(mid);
    if (rows <= target) {
      best = { days: mid, rows };
      low = mid + 1;
    } else high = mid - 1;
  }
  return { filter: createdWindow(best.days), rows: best.rows };
}
