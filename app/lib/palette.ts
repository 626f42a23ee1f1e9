/**
 * The console's colour tokens: one set, read by the Tailwind configuration (utility names), by the root
 * layout (the CSS variables of the chosen theme colour) and by the chart option builders. Every pair of
 * text and background the console uses reaches WCAG 2.1 AA: 4.5:1 for text, 3:1 for focus rings and
 * the edges of controls (tests/unit/palette.test.ts measures them). The hues stay Element's; only their
 * lightness moved where the original fell short (Element's primary blue on white is 2.8:1).
 */

/** Fixed tokens (the theme colour is derived from the user's choice by themeTokens). */
export const PALETTE = {
  /** Body text (Element 主要文字). */
  text: "#303133",
  /** Secondary text: labels, hints, table notes, placeholders, empty states (Element's #909399, darkened). */
  muted: "#5f6168",
  /** Page background behind the cards. */
  page: "#f0f2f5",
  /** Cards, tables, inputs. */
  surface: "#ffffff",
  /** Table headers and zebra rows. */
  surfaceAlt: "#fafafa",
  /** The darkest light background text sits on (disabled inputs, grey tags). */
  surfaceDim: "#f3f4f6",
  /** Edges of inputs and buttons (a control's outline, 3:1). */
  control: "#8c939d",
  /** States as text and as the background of white text. */
  danger: "#c9302c",
  success: "#1e7b3a",
  warning: "#9a5a00",
  info: "#1d5fb8",
  /** Soft backgrounds of alerts and tags. */
  dangerSoft: "#fef0f0",
  successSoft: "#f0f9eb",
  warningSoft: "#fdf6ec",
  infoSoft: "#ecf5ff",
  /** The sidebar (Element admin's dark menu): its background, hovered entry and sub-menu. */
  sidebar: "#304156",
  sidebarActive: "#263445",
  sidebarSub: "#1f2d3d",
  sidebarText: "#d1d5db",
} as const;

/** The status tags' hues (StatusTag): Element's tag tints and edges, the text darkened to 4.5:1 on the tint. */
export const TAGS = {
  gray: { text: PALETTE.muted, background: "#f4f4f5", border: "#d3d4d6" },
  blue: { text: PALETTE.info, background: PALETTE.infoSoft, border: "#b3d8ff" },
  green: { text: PALETTE.success, background: PALETTE.successSoft, border: "#c2e7b0" },
  amber: { text: PALETTE.warning, background: PALETTE.warningSoft, border: "#f5dab1" },
  red: { text: PALETTE.danger, background: PALETTE.dangerSoft, border: "#fbc4c4" },
  cyan: { text: "#0c7478", background: "#e8f8f8", border: "#a6e3e3" },
  indigo: { text: "#4338ca", background: "#eef2ff", border: "#c7d2fe" },
  violet: { text: "#6d28d9", background: "#f5f3ff", border: "#ddd6fe" },
} as const;

type Rgb = [number, number, number];

function rgbOf(hex: string): Rgb {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function hexOf([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;
}

/** WCAG relative luminance of an sRGB colour. */
function luminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map((c) => {
    const s = c / 255;
    return s <= 0.039_28 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `hex` mixed towards `target` by `share` (0 to 1). */
function mix(hex: string, target: string, share: number): string {
  const from = rgbOf(hex);
  const to = rgbOf(target);
  return hexOf(from.map((c, i) => c + (to[i]! - c) * share) as Rgb);
}

/** The first mix of `hex` towards `target` (in 2 % steps) that reaches `ratio` against every background. */
function shiftUntil(hex: string, target: string, backgrounds: string[], ratio: number): string {
  for (let share = 0; share <= 1; share += 0.02) {
    const candidate = mix(hex, target, share);
    if (backgrounds.every((bg) => contrast(candidate, bg) >= ratio)) return candidate;
  }
  return target;
}

/** A light tint of a colour for hover and selected backgrounds. */
export function softTint(hex: string): string {
  return mix(hex, "#ffffff", 0.88);
}

export interface ThemeTokens {
  /** Links, primary buttons (white text on it), active tabs, focus rings: 4.5:1 on every light background. */
  color: string;
  /** Hovered and selected rows (the chosen colour's tint). */
  soft: string;
  /** The active menu entry on the dark sidebar: 4.5:1 on each of its backgrounds. */
  onDark: string;
}

/**
 * The CSS variables of a chosen theme colour (系统布局设置's swatches, #1890ff by default): the swatch
 * keeps its hue, darkened until text in it reads on white, on the page and on its own tint, and white
 * text reads on it; lightened for the dark sidebar. Kept per colour: the root layout asks on every page,
 * and there are a handful of choices.
 */
export function themeTokens(theme: string): ThemeTokens {
  let tokens = themes.get(theme);
  if (!tokens) {
    tokens = tokensOf(theme);
    if (themes.size >= 100) themes.clear();
    themes.set(theme, tokens);
  }
  return tokens;
}

const themes = new Map<string, ThemeTokens>();

function tokensOf(theme: string): ThemeTokens {
  const soft = softTint(theme);
  const light = [PALETTE.surface, PALETTE.page, PALETTE.surfaceDim, soft];
  return {
    color: shiftUntil(theme, "#000000", light, 4.5),
    soft,
    onDark: shiftUntil(theme, "#ffffff", [PALETTE.sidebar, PALETTE.sidebarActive, PALETTE.sidebarSub], 4.5),
  };
}

/**
 * The series colours of the charts (Ant Design's, as before), each darkened where needed to 3:1 on the
 * white chart, the bar a graphical object must reach to be told from its background.
 */
export const CHART_SERIES = ["#1890ff", "#fa8c16", "#52c41a", "#f5222d", "#722ed1", "#13c2c2", "#eb2f96", "#faad14", "#2f54eb", "#a0d911"].map((hex) =>
  shiftUntil(hex, "#000000", [PALETTE.surface], 3),
);

/** The text of charts and maps: titles and values, axis ticks and names, the attribution. */
export const CHART_TEXT = { strong: PALETTE.text, regular: PALETTE.muted, grid: "#e4e7ed" } as const;
