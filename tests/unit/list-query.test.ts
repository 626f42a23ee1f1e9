import { describe, expect, it } from "vitest";
import { z } from "zod";
import { listBody, parseListQuery, queryText } from "../../app/services/list-query";

const url = (query: string) => new URL(`http://console.test/list?${query}`);

describe("the console's one URL → list-query parser", () => {
  const schema = z.object({ plate: z.string().max(8, "车牌号最多 8 个字符").optional(), status: z.array(z.enum(["A", "B"])).optional(), weight: z.coerce.number({ invalid_type_error: "重量必须是数字" }).optional() });

  it("reads each field's first non-empty value, trimmed, and repeated fields as arrays", () => {
    const query = parseListQuery<typeof schema, string>(schema, url("plate=%20皖A12345%20&status=A&status=B&status=&current=2&size=50"), {}, { repeated: ["status"] });
    expect(query.filter).toEqual({ plate: "皖A12345", status: ["A", "B"] });
    expect(query.values).toEqual({ plate: "皖A12345", status: "A" });
    expect([query.current, query.size]).toEqual([2, 50]);
  });

  it("drops a refused field with its Chinese message and still searches with the rest; the preset wins", () => {
    const query = parseListQuery<typeof schema, string>(schema, url("plate=皖A123456789&weight=abc&status=B"), { status: ["A"] }, { repeated: ["status"] });
    expect(query.errors).toEqual({ plate: "车牌号最多 8 个字符", weight: "重量必须是数字" });
    expect(query.filter).toEqual({ status: ["A"] });
    expect(query.values.plate).toBe("皖A123456789");
  });

  it("queryText and listBody carry only the named fields, blanks dropped, with the page", () => {
    expect(queryText(url("keyword=%20粮%20&other=x&shipperName="), ["keyword", "shipperName"])).toEqual({ keyword: "粮" });
    expect(listBody(url("keyword=粮&current=3&size=10&current=9"), ["keyword"])).toEqual({ keyword: "粮", current: 3, size: 10 });
  });
});
