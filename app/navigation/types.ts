/**
 * Types of the console's route map (spec 2.2) and the icons its top-level entries use.
 */

export type IconName =
  | "dashboard"
  | "system"
  | "upload"
  | "dispatch"
  | "order"
  | "resource"
  | "message"
  | "location"
  | "idCard"
  | "finance"
  | "wallet"
  | "truck"
  | "ship"
  | "chart"
  | "table"
  | "pie"
  | "factory"
  | "box"
  | "shield"
  | "person"
  // The shell's own controls (navbar, settings), drawn the same way.
  | "menu"
  | "fullscreen"
  | "settings";

/**
 * Outline icons on a 24x24 grid, drawn as strokes (width 2, round caps). The stylesheet holds them
 * (`.i-<name>`, made from this table by tailwind.config.ts) and `<Icon>` is an empty element with
 * that class: a page's icons cost it a class name each, not their drawing.
 */
export const ICON_PATHS: Record<IconName, string> = {
  dashboard: "M3 11 12 3l9 8M5 9.5V21h5v-6h4v6h5V9.5",
  system: "M4 6h16M4 12h16M4 18h16M8 4v4M16 10v4M10 16v4",
  upload: "M12 15V3M7 8l5-5 5 5M4 15v5h16v-5",
  dispatch: "M4 7h13M13 3l4 4-4 4M20 17H7M11 13l-4 4 4 4",
  order: "M6 3h9l4 4v14H6zM14 3v5h5M9 12h7M9 16h7",
  resource: "M3 6h7l2 2h9v12H3zM3 11h18",
  message: "M6 16v-5a6 6 0 0 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0",
  location: "M12 21s-7-6.5-7-12a7 7 0 0 1 14 0c0 5.5-7 12-7 12zM12 11.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z",
  idCard: "M3 5h18v14H3zM8 13a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM5 17c.5-2 2-3 3-3s2.5 1 3 3M14 10h4M14 14h4",
  finance: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM8.5 7l3.5 5 3.5-5M12 12v6M9 13h6M9 16h6",
  wallet: "M3 7h16a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H3zM3 7l3-4h11v4M16 13.5h2",
  truck: "M2 6h12v10H2zM14 10h4l3 3v3h-7zM6.5 20a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM17.5 20a2 2 0 1 0 0-4 2 2 0 0 0 0 4z",
  ship: "M3 15h18l-3 5H6zM6 15V9h12v6M12 9V4M12 4h4l-4 3",
  chart: "M3 21h18M6 21v-7M11 21V9M16 21v-5M20 21V5",
  table: "M3 4h18v16H3zM3 10h18M3 15h18M9 4v16",
  pie: "M12 3v9h9a9 9 0 1 1-9-9zM15 3.5A9 9 0 0 1 20.5 9H15z",
  factory: "M3 21V10l6-3v3l6-3v3l6-3v14zM7 17h2M11 17h2M15 17h2",
  box: "M3 7l9-4 9 4v10l-9 4-9-4zM3 7l9 4 9-4M12 11v10",
  shield: "M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM12 8v5M12 16v.5",
  person: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c1-4 4.5-6 8-6s7 2 8 6",
  menu: "M3 6h18M3 12h12M3 18h18M21 9l-3 3 3 3",
  fullscreen: "M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5",
  settings: "M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 0 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 0 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 0 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 0 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z",
};


export interface RouteNode {
  /** Absolute, e.g. "/dispatchManage/waybillList"; dynamic segments as ":id". */
  path: string;
  /** Chinese title: sidebar, breadcrumb, tab and browser title. */
  title: string;
  /** Top-level groups and leaves shown in the sidebar. */
  icon?: IconName;
  /** User kinds and/or permission codes; absent = no restriction. Children also need their ancestors' roles. */
  roles?: string[];
  /** Not in the sidebar (detail/edit pages). */
  hidden?: boolean;
  /** Pinned tab. */
  affix?: boolean;
  /** Groups: the default child path. */
  redirect?: string;
  /** Hidden pages: the list path to highlight in the sidebar. */
  activeMenu?: string;
  /**
   * Ship entries (water transport): shown only when the build's version-function list has CAPTAIN and the
   * account sees water transport (contract/permissions.ts `seesWater`, the platform's rule).
   */
  versionFunction?: "CAPTAIN";
  /** Kinds of account the page is for, on top of `roles` (e.g. 平台用户: platform staff holding 用户管理). */
  kinds?: string[];
  children?: RouteNode[];
}
