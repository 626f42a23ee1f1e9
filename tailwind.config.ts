import type { Config } from "tailwindcss";

export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: {
        primary: "var(--theme-color)",
        "primary-soft": "var(--theme-color-soft)",
        sidebar: "#304156",
        "sidebar-active": "#263445",
      },
      width: { sidebar: "210px" },
      screens: { desk: "992px" },
      fontFamily: {
        sans: ['"Noto Sans CJK SC"', '"PingFang SC"', '"Microsoft YaHei"', "system-ui", "sans-serif"],
      },
    },
  },
  plugins: [],
} satisfies Config;
