/**
 * Reflow at a narrow viewport (WCAG 1.4.4 / 1.4.10; docs/design/accessibility.md, "Zoom 200 %"): the page
 * does not scroll sideways, and no control a user can reach is hidden under something fixed or sticky.
 */
import type { Page } from "@playwright/test";

export interface ReflowFinding {
  /** The control, as a short selector-like description. */
  control: string;
  /** What is wrong: covered at a point, or out of sight after scrolling it into view. */
  problem: string;
}

export interface ReflowReport {
  /** The page's width as laid out, and the viewport's. */
  scrollWidth: number;
  clientWidth: number;
  /** How many controls were looked at (a bound against a check that looks at nothing). */
  checked: number;
  /** When the page is wider than the viewport: the innermost elements that reach past its right edge. */
  overflowing: string[];
  findings: ReflowFinding[];
}

/**
 * Takes each visible control (link, button, input, select, textarea, summary, tab stop) in document order
 * from the top of the page and hit-tests its centre and its right edge (1 px in) with
 * `document.elementFromPoint`, twice: scrolled into view as the Tab key brings it (`nearest`: the first
 * screen as it loads, later controls at the bottom edge) and scrolled to the middle of its scroll boxes and the
 * viewport. A hit on something fixed or sticky that does not contain the control is a finding. The points are taken inside what the control's scroll boxes leave visible, so a cell scrolled
 * out of its table's box is judged by the part that shows. A control that stays out of sight is a finding too,
 * unless it sits in a fixed layer placed off screen (the closed drawer).
 */
export async function reflowReport(page: Page): Promise<ReflowReport> {
  // A resize slides the sidebar out over 200 ms: measure the layout the user ends up with, not a frame of
  // the slide. Reading the layout first starts the transitions a resize sets off.
  await page.evaluate(() => {
    void document.body.offsetWidth;
    return Promise.all(document.getAnimations().filter((animation) => animation.effect?.getTiming().iterations !== Infinity).map((animation) => animation.finished.catch(() => undefined)));
  });
  return page.evaluate(() => {
    const SELECTOR = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex]:not([tabindex="-1"])';
    const pinned = (el: Element | null): Element | null => {
      for (let n = el; n; n = n.parentElement) {
        const position = getComputedStyle(n).position;
        if (position === "fixed" || position === "sticky") return n;
      }
      return null;
    };
    const describe = (el: Element) => {
      const text = (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 30);
      const id = el.id ? `#${el.id}` : "";
      const name = el.getAttribute("name") ? `[name=${el.getAttribute("name")}]` : "";
      return `${el.tagName.toLowerCase()}${id}${name}${text ? ` "${text}"` : ""}`;
    };
    /** The part of `el` that its clipping ancestors and the viewport leave in sight. */
    const visibleRect = (el: Element) => {
      const r = el.getBoundingClientRect();
      let left = r.left;
      let top = r.top;
      let right = r.right;
      let bottom = r.bottom;
      for (let n = el.parentElement; n; n = n.parentElement) {
        const style = getComputedStyle(n);
        if (style.overflowX === "visible" && style.overflowY === "visible") continue;
        const c = n.getBoundingClientRect();
        left = Math.max(left, c.left);
        top = Math.max(top, c.top);
        right = Math.min(right, c.right);
        bottom = Math.min(bottom, c.bottom);
      }
      left = Math.max(left, 0);
      top = Math.max(top, 0);
      right = Math.min(right, document.documentElement.clientWidth);
      bottom = Math.min(bottom, document.documentElement.clientHeight);
      return { left, top, right, bottom };
    };
    const findings: Array<{ control: string; problem: string }> = [];
    let checked = 0;
    const controls = Array.from(document.querySelectorAll(SELECTOR));
    for (const el of controls) {
      if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      if (el.closest('[aria-hidden="true"], [inert]')) continue;
      const box = el.getBoundingClientRect();
      // Visually hidden controls (sr-only radios behind their swatch, the drawer's checkbox) show something else.
      if (box.width < 4 || box.height < 4) continue;
      const layer = pinned(el);
      const fixed = !!layer && getComputedStyle(layer).position === "fixed";
      let looked = false;
      for (const scroll of ["nearest", "center"] as const) {
        if (!fixed) el.scrollIntoView({ block: scroll, inline: scroll });
        const seen = visibleRect(el);
        if (seen.right - seen.left < 2 || seen.bottom - seen.top < 2) {
          // The closed drawer (a fixed layer moved off screen) is not content.
          if (!fixed) findings.push({ control: describe(el), problem: `out of sight after scrolling it into view (${scroll})` });
          break;
        }
        looked = true;
        const y = (seen.top + seen.bottom) / 2;
        const points = [["centre", (seen.left + seen.right) / 2], ["right edge", seen.right - 1]] as const;
        const covered = points.some(([where, x]) => {
          const hit = document.elementFromPoint(x, y);
          if (!hit || hit === el || el.contains(hit) || hit.contains(el)) return false;
          const cover = pinned(hit);
          if (!cover || cover.contains(el)) return false;
          const at = `(${Math.round(x)}, ${Math.round(y)})`;
          findings.push({ control: describe(el), problem: `scrolled ${scroll}, its ${where} ${at} is under ${getComputedStyle(cover).position} ${describe(cover).slice(0, 60)}` });
          return true;
        });
        if (covered || fixed) break;
      }
      if (looked) checked++;
    }
    window.scrollTo(0, 0);
    const width = document.documentElement.clientWidth;
    const overflowing =
      document.documentElement.scrollWidth > width
        ? Array.from(document.body.querySelectorAll("*"))
            .filter((el) => el.checkVisibility() && el.getBoundingClientRect().right > width + 0.5 && !Array.from(el.children).some((child) => child.checkVisibility() && child.getBoundingClientRect().right > width + 0.5))
            .slice(0, 6)
            .map((el) => `${describe(el).slice(0, 50)} (${el.className.toString().slice(0, 80)}) to ${Math.round(el.getBoundingClientRect().right)} px`)
        : [];
    return { scrollWidth: document.documentElement.scrollWidth, clientWidth: width, checked, overflowing, findings };
  });
}
