import { describe, expect, it } from "vitest";
import { pageKey } from "../helpers/axe";

describe("pageKey: one axe check per page of the console, whatever row or account opened it", () => {
  it("is the same for every id in the path and every value in the query", () => {
    expect(pageKey("/carAdministration/carDetail/17")).toBe(pageKey("/carAdministration/carDetail/4021"));
    expect(pageKey("/dispatchManage/waybillDetail/YD202611290001")).toBe("/dispatchManage/waybillDetail/:id");
    expect(pageKey("/financialManage/inputTaxTicket?form=5")).toBe(pageKey("/financialManage/inputTaxTicket?form=12"));
    expect(pageKey("/x?b=1&a=2&b=3")).toBe("/x?a&b");
  });

  it("keeps pages apart: other paths, other query names, names with a digit", () => {
    expect(pageKey("/carAdministration/carDetail/17")).not.toBe(pageKey("/carAdministration/carEdit/17"));
    expect(pageKey("/financialManage/inputTaxTicket")).not.toBe(pageKey("/financialManage/inputTaxTicket?form=5"));
    expect(pageKey("/h5findShip")).toBe("/h5findShip");
  });
});
