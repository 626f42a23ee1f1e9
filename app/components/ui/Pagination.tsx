import { Form, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { PAGE_SIZES } from "../../../contract/envelope";
import type { LabelledSum } from "~/lib/footer-sums";

interface PaginationProps {
  total: number;
  current: number;
  size: number;
  /** Footer sums, already labelled and formatted (e.g. footerSums of a waybill search). */
  sums?: readonly LabelledSum[];
  /** Selected rows (e.g. waybills for batch complete); shown when above 0. */
  selectedCount?: number;
  /** The list was not counted (large logs): `total` is a lower bound and `more` says a next page exists. */
  more?: boolean;
}

/** The page numbers to show: first, last, and a window around the current page. */
export function pagerItems(current: number, pages: number): Array<number | "…"> {
  if (pages <= 7) return Array.from({ length: pages }, (_, i) => i + 1);
  const items: Array<number | "…"> = [1];
  const from = Math.max(2, current - 2);
  const to = Math.min(pages - 1, current + 2);
  if (from > 2) items.push("…");
  for (let p = from; p <= to; p++) items.push(p);
  if (to < pages - 1) items.push("…");
  items.push(pages);
  return items;
}

function scrollToTop(durationMs = 800) {
  const start = window.scrollY;
  if (start <= 0) return;
  const began = performance.now();
  const step = (now: number) => {
    const t = Math.min(1, (now - began) / durationMs);
    const eased = t < 0.5 ? 2 * t * t : 1 - Math.pow(-2 * t + 2, 2) / 2;
    window.scrollTo(0, start * (1 - eased));
    if (t < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

/**
 * Spec 2.4 / 9 pager: total · sizes · prev · pager · next · jumper. Page and size live in the URL
 * query, so every control is a link or a GET form that works without JavaScript.
 */
export function Pagination({ total, current, size, sums, selectedCount, more }: PaginationProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const pages = Math.max(1, Math.ceil(total / size));
  const page = Math.min(current, pages);
  const params = new URLSearchParams(location.search);
  const hrefFor = (p: number, s = size) => {
    const next = new URLSearchParams(params);
    next.set("current", String(p));
    next.set("size", String(s));
    return `${location.pathname}?${next}`;
  };
  // The pager's links as queries the browser resolves against the page's path, its GET forms' action the
  // path alone (their fields are the query): shorter documents.
  const linkFor = (p: number) => hrefFor(p).slice(location.pathname.length);
  const carried = [...params.entries()].filter(([k]) => k !== "current" && k !== "size");
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    scrollToTop(800);
  }, [current, size]);

  const linkClass = "page-link";

  return (
    <div className="pagination" data-testid="pagination">
      <div className="flex flex-wrap gap-x-4 gap-y-1" role="group" aria-label="合计">
        {selectedCount && selectedCount > 0 ? (
          <span>已选运单 <b className="text-gray-800" data-testid="selected-count">{selectedCount}</b> 单</span>
        ) : null}
        {(sums ?? []).map(({ key, label, value, unit }) => (
          <span key={key} data-testid={`sum-${key}`}>
            {`${label} `}<b className="text-gray-800">{value}</b>{` ${unit}`}
          </span>
        ))}
      </div>
      <nav className="flex flex-wrap items-center gap-2" aria-label="分页">
        {more === undefined ? (
          <span>共 <span data-testid="total">{total}</span> 条</span>
        ) : (
          <span>{more ? "至少" : "共"} <span data-testid="total">{total}</span> 条</span>
        )}
        <Form method="get" action={location.pathname} preventScrollReset className="flex items-center gap-1" onChange={(e) => navigate(hrefFor(1, Number(new FormData(e.currentTarget).get("size"))), { preventScrollReset: true })}>
          {carried.map(([k, v], i) => (
            <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
          ))}
          <input type="hidden" name="current" value="1" />
          <label className="sr-only" htmlFor="page-size">每页条数</label>
          <select id="page-size" name="size" defaultValue={size} className="input h-7 w-[90px] py-0">
            {(PAGE_SIZES.includes(size as (typeof PAGE_SIZES)[number]) ? [...PAGE_SIZES] : [...PAGE_SIZES, size].sort((a, b) => a - b)).map((s) => (
              <option key={s} value={s}>{`${s} 条/页`}</option>
            ))}
          </select>
          <noscript>
            <button type="submit" className="btn h-7">确定</button>
          </noscript>
        </Form>
        {page > 1 ? (
          <a data-prevent-scroll-reset href={linkFor(page - 1)} className={`${linkClass} hover:text-primary`} aria-label="上一页" rel="prev">‹</a>
        ) : (
          <span className={`${linkClass} text-control`} aria-disabled="true">‹</span>
        )}
        <ul className="flex items-center gap-1">
          {pagerItems(page, pages).map((item, i) =>
            item === "…" ? (
              <li key={`gap-${i}`} className="px-1 text-muted">…</li>
            ) : (
              <li key={item}>
                <a
                  data-prevent-scroll-reset
                  href={linkFor(item)}
                  aria-current={item === page ? "page" : undefined}
                  aria-label={`第 ${item} 页`}
                  className={`${linkClass} ${item === page ? "bg-primary text-white" : "hover:text-primary"}`}
                >
                  {item}
                </a>
              </li>
            ),
          )}
        </ul>
        {page < pages ? (
          <a data-prevent-scroll-reset href={linkFor(page + 1)} className={`${linkClass} hover:text-primary`} aria-label="下一页" rel="next">›</a>
        ) : (
          <span className={`${linkClass} text-control`} aria-disabled="true">›</span>
        )}
        <Form method="get" action={location.pathname} preventScrollReset className="flex items-center gap-1">
          {carried.map(([k, v], i) => (
            <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
          ))}
          <input type="hidden" name="size" value={size} />
          <label htmlFor="page-jump">前往</label>
          <input id="page-jump" name="current" type="number" min={1} max={pages} defaultValue={page} className="input h-7 w-14 px-1 text-center" />
          <span>页</span>
          <button type="submit" className="btn h-7 px-2">跳转</button>
        </Form>
      </nav>
    </div>
  );
}
