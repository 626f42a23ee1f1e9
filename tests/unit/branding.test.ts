import { describe, expect, it } from "vitest";
import { brandingFor, documentTitle } from "../../app/lib/branding";

describe("brandingFor (spec 1, 7.1)", () => {
  it.each([
    ["https://tms.example.cn/dashboard", "运输管理后台", "A"],
    ["https://wlhy.example.cn/login", "网络货运平台", "B"],
    ["https://lyt.example.cn/", "粮运通物流平台", "C"],
    ["https://jhly.example.cn/order/list?x=1", "江淮粮运管理平台", "D"],
  ])("%s → %s, platform %s, the default console client id", (address, title, platformId) => {
    expect(brandingFor(address)).toEqual({ title, platformId, clientId: "tms-console" });
  });

  it("falls back to the general backend for an unknown host and for local development", () => {
    expect(brandingFor("https://unknown.example.org/login")).toEqual({ title: "运输管理后台", platformId: "A", clientId: "tms-console" });
    expect(brandingFor("http://localhost:3000/")).toMatchObject({ title: "运输管理后台", platformId: "A" });
    expect(brandingFor("not a url")).toMatchObject({ platformId: "A" });
  });

  it("matches hosts regardless of case and port", () => {
    expect(brandingFor("HTTPS://LYT.EXAMPLE.CN:8443/login").platformId).toBe("C");
    expect(brandingFor("http://jhly.example.cn:3000/").platformId).toBe("D");
  });

  it("reads a bare host:port address, as a Host header gives it", () => {
    expect(brandingFor("wlhy.example.cn:3000")).toMatchObject({ title: "网络货运平台", platformId: "B" });
    expect(brandingFor("jhly.example.cn")).toMatchObject({ platformId: "D" });
    expect(brandingFor("lyt.example.cn/login?redirect=/dashboard")).toMatchObject({ platformId: "C" });
  });

  it("chooses a partner client id when the address carries a partner marker, keeping the host's brand", () => {
    expect(brandingFor("https://tms.example.cn/login?from=partner-hx")).toEqual({ title: "运输管理后台", platformId: "A", clientId: "tms-partner-hx" });
    expect(brandingFor("https://wlhy.example.cn/login?redirect=/partner-zl")).toMatchObject({ platformId: "B", clientId: "tms-partner-zl" });
    expect(brandingFor("https://lyt.example.cn/partner-jt/login")).toMatchObject({ platformId: "C", clientId: "tms-partner-jt" });
    expect(brandingFor("https://jhly.example.cn/?PARTNER-CM")).toMatchObject({ platformId: "D", clientId: "tms-partner-cm" });
    expect(brandingFor("https://tms.example.cn/login?from=partner-xx").clientId).toBe("tms-console");
  });
});

describe("documentTitle (spec 1)", () => {
  it("puts the route title before the product title", () => {
    expect(documentTitle("运单管理", "网络货运平台")).toBe("运单管理 - 网络货运平台");
  });

  it("shows only the product title when the route has none", () => {
    expect(documentTitle(undefined, "粮运通物流平台")).toBe("粮运通物流平台");
    expect(documentTitle("", "粮运通物流平台")).toBe("粮运通物流平台");
  });
});
