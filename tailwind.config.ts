import type { Config } from "tailwindcss";
import { PALETTE, TAGS } from "./app/lib/palette";
import { ICON_PATHS } from "./app/navigation/types";

/** The status tags (.tag-gray … .tag-violet): text, tint and edge of each hue, from the palette. */
const tagClasses = Object.fromEntries(
  Object.entries(TAGS).map(([hue, tag]) => [`.tag-${hue}`, { color: tag.text, backgroundColor: tag.background, borderColor: tag.border }]),
);

/** The icons (.i-dashboard …): each drawing as a mask image for `.icon`, from the route map's icon table. */
const iconClasses = Object.fromEntries(
  Object.entries(ICON_PATHS).map(([name, path]) => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="#000" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="${path}"/></svg>`;
    return [`.i-${name}`, { "--icon": `url("data:image/svg+xml,${encodeURIComponent(svg)}")` }];
  }),
);

export default {
  content: ["./app/**/*.{ts,tsx}"],
  // Icon classes are composed from the name (`Icon`), which the content scan cannot see.
  safelist: Object.keys(ICON_PATHS).map((name) => `i-${name}`),
  theme: {
    extend: {
      // The palette's tokens (app/lib/palette.ts); the theme colour's three are CSS variables the root
      // layout sets from the user's choice.
      colors: {
        primary: "var(--theme-color)",
        "primary-soft": "var(--theme-color-soft)",
        "primary-on-dark": "var(--theme-color-on-dark)",
        ink: PALETTE.text,
        muted: PALETTE.muted,
        page: PALETTE.page,
        "surface-alt": PALETTE.surfaceAlt,
        control: PALETTE.control,
        danger: { DEFAULT: PALETTE.danger, soft: PALETTE.dangerSoft },
        success: { DEFAULT: PALETTE.success, soft: PALETTE.successSoft },
        warning: { DEFAULT: PALETTE.warning, soft: PALETTE.warningSoft },
        info: { DEFAULT: PALETTE.info, soft: PALETTE.infoSoft },
        sidebar: PALETTE.sidebar,
        "sidebar-active": PALETTE.sidebarActive,
        "sidebar-sub": PALETTE.sidebarSub,
        "sidebar-text": PALETTE.sidebarText,
      },
      width: { sidebar: "210px" },
      screens: { desk: "992px" },
      fontFamily: {
        sans: ['"Noto Sans CJK SC"', '"PingFang SC"', '"Microsoft YaHei"', "system-ui", "sans-serif"],
      },
    },
  },
  plugins: [({ addComponents }: { addComponents: (rules: Record<string, Record<string, string>>) => void }) => addComponents({ ...tagClasses, ...iconClasses })],
} satisfies Config;
