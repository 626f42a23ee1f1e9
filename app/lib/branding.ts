import type { PlatformId } from "../../contract/platforms.js";

export interface Branding {
  /** Product title shown in the sidebar and after every page title. */
  title: string;
  platformId: PlatformId;
  /** Client id sent to the identity service (spec 7.1). */
  clientId: string;
}

interface BrandEntry extends Branding {
  /** Host names (without port) this entry serves. */
  hosts: string[];
}

/** Spec 1: four titles and platform ids by host; the first entry is the default. */
export const BRANDS: BrandEntry[] = [
  { hosts: ["localhost", "127.0.0.1", "tms.example.cn"], title: "运输管理后台", platformId: "A", clientId: "tms-console" },
  { hosts: ["wlhy.example.cn"], title: "网络货运平台", platformId: "B", clientId: "tms-console" },
  { hosts: ["lyt.example.cn"], title: "粮运通物流平台", platformId: "C", clientId: "tms-console" },
  { hosts: ["jhly.example.cn"], title: "江淮粮运管理平台", platformId: "D", clientId: "tms-console" },
];

/** Spec 7.1: a partner marker in the address selects a partner's client id. */
export const PARTNER_CLIENT_IDS: Array<{ marker: string; clientId: string }> = [
  { marker: "partner-hx", clientId: "tms-partner-hx" },
  { marker: "partner-zl", clientId: "tms-partner-zl" },
  { marker: "partner-jt", clientId: "tms-partner-jt" },
  { marker: "partner-cm", clientId: "tms-partner-cm" },
];

/** The host name of a full URL or of a bare "host[:port][/path]" (which URL would read as a scheme). */
function hostOf(address: string): string {
  if (address.includes("://")) {
    try {
      return new URL(address).hostname.toLowerCase();
    } catch {
      return "";
    }
  }
  return (address.split(/[/?#]/)[0] ?? "").replace(/:\d*$/, "").toLowerCase();
}

export function brandingFor(address: string): Branding {
  const host = hostOf(address);
  const entry = BRANDS.find((b) => b.hosts.includes(host)) ?? BRANDS[0];
  const partner = PARTNER_CLIENT_IDS.find((p) => address.toLowerCase().includes(p.marker));
  return { title: entry.title, platformId: entry.platformId, clientId: partner?.clientId ?? entry.clientId };
}

/** Browser title: "<route title> - <product title>"; a page with no title shows the product title. */
export function documentTitle(routeTitle: string | undefined, productTitle: string): string {
  return routeTitle ? `${routeTitle} - ${productTitle}` : productTitle;
}

/** The avatar shown for an account without a head-shot (navbar, 个人信息): a static file beside the favicon, cached by the browser rather than repeated in every page. */
export const DEFAULT_AVATAR = "/avatar.svg";
