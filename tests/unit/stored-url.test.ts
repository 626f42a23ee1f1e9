/** One rule for every stored address: http(s) or /files/…, nothing a link could run. */
import { describe, expect, it } from "vitest";
import { isStoredUrl } from "../../contract/validation.js";
import { imageRefSchema } from "../../contract/fields.js";
import { rechargeSubmitSchema } from "../../contract/ledger.js";
import { f } from "../../contract/resources/kit.js";
import { appVersion } from "../../contract/resources/app-version.js";

const GOOD = ["https://example.com/a.jpg", "http://10.0.0.1:8080/x?y=1", "/files/12", "/files/vouchers/test.jpg"];
const BAD = ["javascript:alert(1)", "JAVASCRIPT:alert(1)", " javascript:alert(1)", "data:text/html,<script>", "//evil.example/x", "/files/../etc/passwd", "/files//evil", "/dashboard", "https://", "https:// evil", "vbscript:x", "/files/a b.jpg", `https://e.com/${"x".repeat(600)}`, 12];

describe("isStoredUrl", () => {
  it.each(GOOD)("accepts %s", (url) => expect(isStoredUrl(url)).toBe(true));
  it.each(BAD.map((b) => [b]))("refuses %s", (url) => expect(isStoredUrl(url)).toBe(false));

  it("is what every URL-typed field checks: images, image refs, the recharge voucher, the download address", () => {
    const images = f.images("证照图片", 4, { form: true, required: true }).wire;
    const downloadUrl = appVersion.fields.downloadUrl.wire;
    for (const url of BAD.filter((b): b is string => typeof b === "string" && b.trim().length > 0 && b.length < 500)) {
      expect(images.safeParse([url]).success, url).toBe(false);
      expect(imageRefSchema("磅单").safeParse(url).success, url).toBe(false);
      expect(downloadUrl.safeParse(url).success, url).toBe(false);
      const voucher = rechargeSubmitSchema.safeParse({ voucherUrl: url });
      expect(voucher.success ? [] : voucher.error.issues.filter((i) => i.path[0] === "voucherUrl").map((i) => i.message), url).toContain("转账凭证应为 http(s) 地址或 /files/ 下的已上传文件");
    }
    for (const url of GOOD) expect(imageRefSchema("磅单").safeParse(url).success, url).toBe(true);
  });
});
