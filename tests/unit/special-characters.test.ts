/** Spec 5's special-character filter, written once in contract/ and derived by the engine, the bespoke schemas and the console. */
import { describe, expect, it } from "vitest";
import { nameFilter, nameText, specialCharacterFields } from "../../contract/fields";
import { addressUpdateSchema, freightFilterSchema, orderSearchSchema } from "../../contract/freight";
import { appealFilterSchema } from "../../contract/appeal";
import { contact } from "../../contract/resources/contact";
import { filterSchema, formSchema } from "../../contract/resources/derive";
import { RESOURCES } from "../../contract/resources/index";

describe("the special-character filter on the server side of a schema", () => {
  it("strips a marked text before its own checks", () => {
    expect(nameText("装货地", 64).parse("合肥<script>市!")).toBe("合肥script市");
    expect(nameText("姓名", 32).parse("O'Brien-Jr. 王")).toBe("O'Brien-Jr.王");
    expect(nameText("姓名", 32).parse("买买提·艾力")).toBe("买买提·艾力");
    expect(nameText("装货地", 64).safeParse("@@ #").error?.issues[0]?.message).toBe("请填写装货地");
    expect(nameFilter("运单号", 32).parse("YD-2026 1123")).toBe("YD-20261123");
    expect(nameFilter("运单号", 32).parse("%%")).toBeUndefined();
  });

  it("marks the fields of names, plates, places and numbers in the bespoke schemas", () => {
    expect([...specialCharacterFields(freightFilterSchema)].sort()).toEqual(["carrierName", "conveyanceName", "freightNo", "loadingPlace", "orderNo", "unloadingPlace"]);
    expect(specialCharacterFields(addressUpdateSchema)).toEqual(new Set(["loadingPlace", "unloadingPlace"]));
    expect(specialCharacterFields(orderSearchSchema)).toEqual(new Set(["orderNo", "cargoCategory"]));
    expect(specialCharacterFields(appealFilterSchema)).toEqual(new Set(["freightNo", "appealNo"]));
    expect(addressUpdateSchema.parse({ id: 1, loadingPlace: "蚌埠#1库", loadingAddress: "禹会区（北门）" })).toMatchObject({ loadingPlace: "蚌埠1库", loadingAddress: "禹会区（北门）" });
  });

  it("strips a resource field marked sanitize in its wire, its form and its contains filter, and nothing else", () => {
    const body = contact.fields.place.wire.parse("中储粮#蚌埠·直属库");
    expect(body).toBe("中储粮蚌埠·直属库");
    expect(contact.fields.address.wire.parse("禹会区（北门）")).toBe("禹会区（北门）");
    expect(filterSchema(contact).parse({ place: "蚌埠!" })).toMatchObject({ place: "蚌埠" });
    const form = formSchema(contact, "create").safeParse({ kind: "LOADING", contactName: "王@五", contactMobile: "13900000000", place: "库!", regionCode: "340302", address: "地址" });
    expect(form.success && form.data).toMatchObject({ contactName: "王五", place: "库" });
  });

  it("every sanitized resource field strips on the wire", () => {
    for (const def of Object.values(RESOURCES)) {
      for (const [key, field] of Object.entries(def.fields)) {
        if (!field.input.sanitize) continue;
        const parsed = field.wire.safeParse("名称A1%#");
        // Fields with format checks (plates) may refuse the stripped text; none keeps a special character.
        if (parsed.success) expect(parsed.data, `${def.key}.${key}`).toBe("名称A1");
      }
    }
  });
});
