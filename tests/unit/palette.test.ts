/**
 * The colour tokens reach WCAG 2.1 AA: 4.5:1 for every text-on-background pair the console uses, 3:1
 * for focus rings, control edges and chart series; and the console's markup uses the tokens rather
 * than Tailwind's greys and hues that fall short.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CHART_SERIES, CHART_TEXT, contrast, PALETTE, TAGS, themeTokens } from "~/lib/palette";
import { THEME_CHOICES } from "~/lib/settings";

const TEXT = 4.5;
const NON_TEXT = 3;
const LIGHT = { surface: PALETTE.surface, surfaceAlt: PALETTE.surfaceAlt, page: PALETTE.page, surfaceDim: PALETTE.surfaceDim };
const DARK = { sidebar: PALETTE.sidebar, sidebarActive: PALETTE.sidebarActive, sidebarSub: PALETTE.sidebarSub };

/** Pairs below `ratio`, as "fg on bg = r". */
function shortfalls(fgs: Record<string, string>, bgs: Record<string, string>, ratio: number): string[] {
  return Object.entries(fgs).flatMap(([fgName, fg]) =>
    Object.entries(bgs)
      .filter(([, bg]) => contrast(fg, bg) < ratio)
      .map(([bgName, bg]) => `${fgName} ${fg} on ${bgName} ${bg} = ${contrast(fg, bg).toFixed(2)}`),
  );
}

describe("colour tokens", () => {
  it("measure contrast as WCAG does", () => {
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrast("#409eff", "#ffffff")).toBeCloseTo(2.78, 2);
  });

  it("text colours reach 4.5:1 on every light background", () => {
    const { text, muted, danger, success, warning, info } = PALETTE;
    expect(shortfalls({ text, muted, danger, success, warning, info }, LIGHT, TEXT)).toEqual([]);
  });

  it("state colours reach 4.5:1 on their own tints, and white text on them", () => {
    for (const state of ["danger", "success", "warning", "info"] as const) {
      expect(contrast(PALETTE[state], PALETTE[`${state}Soft`])).toBeGreaterThanOrEqual(TEXT);
      expect(contrast("#ffffff", PALETTE[state])).toBeGreaterThanOrEqual(TEXT);
    }
  });

  it("every status tag's text reaches 4.5:1 on its tint", () => {
    const short = Object.entries(TAGS).filter(([, tag]) => contrast(tag.text, tag.background) < TEXT);
    expect(short).toEqual([]);
  });

  it("the sidebar's text reaches 4.5:1 on each of its backgrounds", () => {
    expect(shortfalls({ sidebarText: PALETTE.sidebarText }, DARK, TEXT)).toEqual([]);
  });

  it("control edges reach 3:1 on white", () => {
    expect(contrast(PALETTE.control, PALETTE.surface)).toBeGreaterThanOrEqual(NON_TEXT);
  });

  it.each(THEME_CHOICES)("theme %s: links and buttons 4.5:1, its focus ring 3:1, its menu entry 4.5:1 on the sidebar", (theme) => {
    const tokens = themeTokens(theme);
    expect(shortfalls({ color: tokens.color }, { ...LIGHT, soft: tokens.soft }, TEXT)).toEqual([]);
    expect(contrast("#ffffff", tokens.color)).toBeGreaterThanOrEqual(TEXT);
    expect(contrast(tokens.color, PALETTE.surface)).toBeGreaterThanOrEqual(NON_TEXT);
    expect(shortfalls({ onDark: tokens.onDark }, DARK, TEXT)).toEqual([]);
  });

  it("the default theme keeps the chosen hue (#1890ff darkened, not replaced)", () => {
    expect(themeTokens("#1890ff").color).toBe("#126dc2");
  });

  it("chart text reaches 4.5:1 and chart series 3:1 on the white chart", () => {
    expect(contrast(CHART_TEXT.strong, PALETTE.surface)).toBeGreaterThanOrEqual(TEXT);
    expect(contrast(CHART_TEXT.regular, PALETTE.surface)).toBeGreaterThanOrEqual(TEXT);
    expect(CHART_SERIES.filter((c) => contrast(c, PALETTE.surface) < NON_TEXT)).toEqual([]);
  });
});

/** Text classes of Tailwind's palette below 4.5:1 on white or on the page (the tokens replace them). */
const SHORT_TEXT_CLASSES = /\b(?:placeholder|text)-(?:gray-[1-5]00|(?:red|rose|pink|orange|amber|yellow|lime|green|emerald|teal|cyan|sky|blue)-[1-5]00)\b|#409eff/gi;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(tsx?|css)$/.test(name) ? [path] : [];
  });
}

describe("the console's markup", () => {
  it("uses the tokens, not Tailwind's text colours that fall short", () => {
    const root = new URL("../../app", import.meta.url).pathname;
    const found = sourceFiles(root).flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, i) => [...line.matchAll(SHORT_TEXT_CLASSES)].map((m) => `${file.slice(root.length + 1)}:${i + 1} ${m[0]}`)),
    );
    expect(found).toEqual([]);
  });
});
