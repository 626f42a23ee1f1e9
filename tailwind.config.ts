import type { Config } from "tailwindcss";
import { PALETTE, TAGS } from "./app/lib/palette";

/** The status tags (.tag-gray … .tag-violet): text, tint and edge of each hue, from the palette. */
const tagClasses = Object.fromEntries(
  Object.entries(TAGS).map(([hue, tag]) => [`.tag-${hue}`, { color: tag.text, backgroundColor: tag.background, borderColor: tag.border }]),
);

export default {
  content: ["./app/**/*.{ts,tsx}"],
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
  plugins: [({ addComponents }: { addComponents: (rules: Record<string, Record<string, string>>) => void }) => addComponents(tagClasses)],
} satisfies Config;
