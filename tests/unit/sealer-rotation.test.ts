/** A sealer's key rotation (platform/db/sealed.ts, docs/design/security-data.md "Rotating the ID key"). */
import { afterEach, describe, expect, it } from "vitest";
import { sealer } from "../../platform/db/sealed.js";

const KEY = "TMS_TEST_ROTATION_KEY";
const PREVIOUS = "TMS_TEST_ROTATION_KEY_PREVIOUS";
const seal = sealer({ seal: [KEY, "development-rotation-key"], previous: PREVIOUS });

afterEach(() => {
  delete process.env[KEY];
  delete process.env[PREVIOUS];
});

describe("Sealer.reseal", () => {
  it("re-seals a value of the previous key under the current one, leaves a current one alone, and refuses one neither opens", () => {
    process.env[KEY] = "old-key-0123456789abcdef0123456789";
    const old = seal.seal("340111199001011234");
    expect(seal.reseal(old)).toBeNull();

    process.env[PREVIOUS] = process.env[KEY];
    process.env[KEY] = "new-key-0123456789abcdef0123456789";
    const next = seal.reseal(old)!;
    expect(next).not.toBeNull();
    expect(next).not.toBe(old);
    expect(seal.reseal(next)).toBeNull();

    delete process.env[PREVIOUS];
    expect(seal.open(next)).toBe("340111199001011234");
    expect(() => seal.open(old)).toThrow();
    expect(() => seal.reseal(old)).toThrow();
  });
});
