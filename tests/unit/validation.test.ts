import { afterEach, describe, expect, it, vi } from "vitest";
import { exampleIdCard } from "../../contract/resources/driver";
import {
  FIXED_PHONE_PATTERN,
  PLATE_PATTERN,
  bankCardNoError,
  chinaToday,
  creditCodeError,
  hasVisibleText,
  idCardBirthDate,
  idCardGender,
  idCardNoError,
  isBankCardNo,
  isChinaDate,
  isChineseMmsi,
  isCreditCode,
  isIdCardNo,
  isImo,
  isMmsi,
  isPhone,
  isPlateNo,
  isQualificationCertNo,
  isRegionCode,
  isRoadTransportCertNo,
  isShipIdentityNo,
  isTaxNo,
  isVin,
  luhnValid,
  normalisePlateNo,
  notBeforeToday,
  plateNoError,
  plateWithoutDot,
} from "../../contract/validation";

// Independent re-implementations of the check algorithms, used to build real test data.

/** GB 11643-1999 / ISO 7064 MOD 11-2 check character of a 17-digit body. */
function idCheck(body: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((acc, d, i) => acc + Number(d) * weights[i], 0);
  return "10X98765432"[sum % 11];
}

/** A full ID card number from region code (6), birth date "YYYYMMDD" and 3-digit sequence. */
function makeId(region: string, birth: string, seq: string): string {
  const body = region + birth + seq;
  return body + idCheck(body);
}

const CREDIT_ALPHABET = "0123456789ABCDEFGHJKLMNPQRTUWXY";

/** GB 32100-2015 check character of a 17-character body. */
function creditCheck(body: string): string {
  const weights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
  const sum = [...body].reduce((acc, c, i) => acc + CREDIT_ALPHABET.indexOf(c) * weights[i], 0);
  return CREDIT_ALPHABET[(31 - (sum % 31)) % 31];
}

/** `test` refuses each value (a case is the value and why it is wrong). */
function refusesEach(test: (value: string) => boolean, cases: Array<[value: string, why: string]>) {
  it.each(cases)("refuses %s (%s)", (value) => {
    expect(test(value)).toBe(false);
  });
}

/** `test` gives each case's expected answer (`title` names a case with vitest's %s and %j). */
function answersEach(title: string, test: (value: string) => boolean, cases: Array<[value: string, expected: boolean]>) {
  it.each(cases)(title, (value, expected) => {
    expect(test(value)).toBe(expected);
  });
}

/** The Luhn check digit to append to `partial`. */
function luhnCheckDigit(partial: string): string {
  for (let d = 0; d <= 9; d += 1) {
    const candidate = partial + d;
    const sum = [...candidate]
      .reverse()
      .map(Number)
      .reduce((acc, n, i) => acc + (i % 2 === 1 ? (n * 2 > 9 ? n * 2 - 9 : n * 2) : n), 0);
    if (sum % 10 === 0) return String(d);
  }
  throw new Error("unreachable");
}

function freezeTime(iso: string): void {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(iso));
}

afterEach(() => {
  vi.useRealTimers();
});

describe("resident ID card number (GB 11643-1999)", () => {
  it("accepts known-valid numbers, the X check character in either case", () => {
    expect(isIdCardNo("11010519491231002X")).toBe(true);
    expect(isIdCardNo("11010519491231002x")).toBe(true);
    expect(idCardNoError("11010519491231002X")).toBeNull();
  });

  it("refuses 440524188001010014: its check digit is right but 1880 is before the 1900-01-01 floor", () => {
    expect(idCheck("44052418800101001")).toBe("4");
    expect(isIdCardNo("440524188001010014")).toBe(false);
    expect(idCardNoError("440524188001010014")).toBe("身份证号中的出生日期无效");
    expect(isIdCardNo(makeId("440524", "19000101", "001"))).toBe(true);
    expect(isIdCardNo(makeId("440524", "18991231", "001"))).toBe(false);
  });

  it("accepts a number built from a 17-digit body and its computed check character", () => {
    const id = makeId("340104", "19900515", "123");
    expect(id).toHaveLength(18);
    expect(isIdCardNo(id)).toBe(true);
  });

  it("accepts exactly one of the 11 possible check characters", () => {
    const body = "34010419900515123";
    const accepted = [..."0123456789X"].filter((c) => isIdCardNo(body + c));
    expect(accepted).toEqual([idCheck(body)]);
    const wrong = [..."0123456789X"].find((c) => c !== idCheck(body))!;
    expect(idCardNoError(body + wrong)).toBe("身份证号校验位不正确");
  });

  it.each([
    ["20000229", true, "leap year divisible by 400"],
    ["20240229", true, "leap year divisible by 4"],
    ["20230229", false, "non-leap year"],
    ["19000229", false, "century year not divisible by 400"],
    ["20240230", false, "Feb 30"],
    ["20240431", false, "Apr 31"],
    ["20241301", false, "month 13"],
    ["20240001", false, "month 00"],
    ["20240100", false, "day 00"],
    ["20241231", true, "Dec 31"],
  ])("birth date %s → %s (%s)", (birth, valid) => {
    expect(isIdCardNo(makeId("110105", birth, "002"))).toBe(valid);
  });

  it("refuses a birth date after today in China time, accepts today", () => {
    // 2025-06-15T16:30Z is already 2025-06-16 00:30 in China.
    freezeTime("2025-06-15T16:30:00Z");
    expect(isIdCardNo(makeId("340104", "20250616", "001"))).toBe(true);
    expect(isIdCardNo(makeId("340104", "20250617", "001"))).toBe(false);
    freezeTime("2025-06-15T15:30:00Z");
    expect(isIdCardNo(makeId("340104", "20250615", "001"))).toBe(true);
    expect(isIdCardNo(makeId("340104", "20250616", "001"))).toBe(false);
  });

  it("accepts every province code", () => {
    const codes = ["11", "12", "13", "14", "15", "21", "22", "23", "31", "32", "33", "34", "35", "36", "37"];
    codes.push("41", "42", "43", "44", "45", "46", "50", "51", "52", "53", "54", "61", "62", "63", "64", "65");
    codes.push("71", "81", "82", "83", "91");
    const refused = codes.filter((p) => !isIdCardNo(makeId(`${p}0101`, "19850101", "001")));
    expect(refused).toEqual([]);
  });

  it.each(["00", "10", "16", "20", "24", "30", "38", "40", "47", "49", "55", "60", "66", "70", "72", "80", "84", "90", "92", "99"])(
    "refuses province code %s even with a correct check character",
    (province) => {
      const id = makeId(`${province}0101`, "19850101", "001");
      expect(isIdCardNo(id)).toBe(false);
      expect(idCardNoError(id)).toBe("身份证号的省份代码无效");
    },
  );

  refusesEach(isIdCardNo, [
    ["", "empty"],
    ["1101051949123100", "16 characters"],
    ["11010519491231002", "17 characters"],
    ["11010519491231002X1", "19 characters"],
    ["110105491231002", "old 15-digit form"],
    ["1101051949123100X2", "X not last"],
    ["11010519491231002Y", "check letter other than X"],
    [" 11010519491231002X", "leading space"],
    ["１１0105194912310０2X", "full-width digits"],
  ]);

  it("gives a distinct Chinese message per failure", () => {
    expect(idCardNoError("")).toBe("请输入身份证号");
    expect(idCardNoError("1101051949123100")).toBe("身份证号应为18位：前17位为数字，末位为数字或X");
  });

  it("reads birth date and gender of a valid number, null otherwise", () => {
    expect(idCardBirthDate("11010519491231002X")).toBe("1949-12-31");
    expect(idCardGender("11010519491231002X")).toBe("F");
    expect(idCardGender("11010519491231002x")).toBe("F");
    const male = makeId("340104", "20000229", "017");
    expect(idCardBirthDate(male)).toBe("2000-02-29");
    expect(idCardGender(male)).toBe("M");
    expect(idCardBirthDate("440524188001010014")).toBeNull();
    expect(idCardGender("11010519491231002")).toBeNull();
    expect(idCardGender("110105194912310021")).toBeNull();
  });
});

describe("exampleIdCard (the examples' and tests' ID numbers)", () => {
  it("is a valid number, and a different one for each n (tests that add drivers meet the demo data's)", () => {
    const seen = new Set<string>();
    for (const n of [...Array.from({ length: 3000 }, (_, i) => i), 9_661, 15_031, 36_031, 36_031 + 21_000, 10_079_999]) {
      const id = exampleIdCard(n);
      expect(isIdCardNo(id), `${n}: ${id}`).toBe(true);
      seen.add(id);
    }
    expect(seen.size).toBe(3005);
  });
});

describe("unified social credit code (GB 32100-2015)", () => {
  it.each(["91350100M000100Y43", "91110000600037341L"])("accepts the known-valid %s", (code) => {
    expect(isCreditCode(code)).toBe(true);
    expect(creditCodeError(code)).toBeNull();
  });

  it("accepts codes built with a computed check character, any alphabet character first", () => {
    for (const body of ["91340100MA2N12345", "52340100MJB123456", "Y1340100MA0000001", "11340100003019834"]) {
      expect(isCreditCode(body + creditCheck(body))).toBe(true);
    }
  });

  it("maps a remainder of 0 (31 − 0 = 31) to the check character 0", () => {
    const prefix = "9134010000000000";
    const last = [...CREDIT_ALPHABET].find((c) => creditCheck(prefix + c) === "0")!;
    expect(last).toBeDefined();
    expect(isCreditCode(`${prefix}${last}0`)).toBe(true);
  });

  it("accepts exactly one check character of the 31", () => {
    const body = "91350100M000100Y4";
    expect([...CREDIT_ALPHABET].filter((c) => isCreditCode(body + c))).toEqual(["3"]);
    expect(creditCodeError("91350100M000100Y44")).toBe("统一社会信用代码校验位不正确");
  });

  it.each(["I", "O", "Z", "S", "V"])("refuses the forbidden letter %s anywhere", (letter) => {
    expect(isCreditCode(`91350100M000100Y4${letter}`)).toBe(false);
    const body = `91350100M${letter}00100Y4`;
    expect(isCreditCode(body + creditCheck(body.replace(letter, "0")))).toBe(false);
    expect(creditCodeError(`${letter}1350100M000100Y43`)).toBe(
      "统一社会信用代码应为18位数字或大写字母（不含I、O、S、V、Z）",
    );
  });

  it("refuses a letter in the region code (positions 3-8) even with a matching check character", () => {
    const body = "9135A100M000100Y4";
    const code = body + creditCheck(body);
    expect(isCreditCode(code)).toBe(false);
    expect(creditCodeError(code)).toBe("统一社会信用代码第3至8位应为行政区划码");
  });

  refusesEach(isCreditCode, [
    ["", "empty"],
    ["91110000600037341l", "lower-case check letter"],
    ["91350100m000100y43", "lower case"],
    ["91350100M000100Y4", "17 characters"],
    ["91350100M000100Y433", "19 characters"],
    ["91350100M000100Y4-", "punctuation"],
  ]);
});

describe("plate number (GA 36-2018)", () => {
  it.each([
    ["皖A12345", "ordinary"],
    ["皖A·12345", "ordinary with middle dot"],
    ["皖A·3K721", "ordinary with a letter"],
    ["皖A1234挂", "trailer"],
    ["皖A1234学", "learner"],
    ["皖A1234警", "police"],
    ["京AD12345", "new energy, small, D"],
    ["京A·F12345", "new energy, small, F, with dot"],
    ["京ADA1234", "new energy, small, letter after D"],
    ["粤B12345F", "new energy, large, F"],
    ["粤B·12345D", "new energy, large, D, with dot"],
    ["琼Z12345", "last province, Z authority"],
  ])("accepts %s (%s)", (plate) => {
    expect(isPlateNo(plate)).toBe(true);
    expect(PLATE_PATTERN.test(plate)).toBe(true);
  });

  refusesEach(isPlateNo, [
    ["皖I12345", "authority letter I"],
    ["皖O12345", "authority letter O"],
    ["皖A1234", "too short"],
    ["A皖12345", "province not first"],
    ["皖A1234O", "letter O in the serial"],
    ["皖AI2345", "letter I in the serial"],
    ["皖a12345", "lower case (normalise first)"],
    ["港A12345", "not a province abbreviation"],
    ["皖A··12345", "two dots"],
    ["皖A12345·", "dot at the end"],
    ["皖·A12345", "dot after the province"],
    ["皖A 12345", "space"],
    ["皖A1234567", "too long"],
    ["皖AD1234A", "small new energy must end in four digits"],
    ["沪AD0A123", "small new energy: a letter among the last four"],
    ["皖A1234AD", "large new energy needs five digits"],
    ["皖A12345X", "large new energy must end in D or F"],
    ["皖A挂1234", "挂 not last"],
    ["皖A12345挂", "挂 after five characters"],
    ["", "empty"],
  ]);

  it("explains in Chinese", () => {
    expect(plateNoError("皖A12345")).toBeNull();
    expect(plateNoError("")).toBe("请输入车牌号");
    expect(plateNoError("A皖12345")).toBe("车牌号首字应为省份简称");
    expect(plateNoError("皖I12345")).toBe("车牌号格式不正确");
  });

  it.each([
    ["皖a12345", "皖A·12345"],
    ["皖A12345", "皖A·12345"],
    ["皖A·12345", "皖A·12345"],
    [" 京 ad 12345 ", "京A·D12345"],
    ["粤b12345f", "粤B·12345F"],
    ["皖A•3K721", "皖A·3K721"],
    ["皖A.1234挂", "皖A·1234挂"],
    ["皖Ａ１２３４５", "皖A·12345"],
    ["皖A\u300012345", "皖A·12345"],
    ["皖", "皖"],
    ["", ""],
  ])("normalises %j to %j", (input, stored) => {
    expect(normalisePlateNo(input)).toBe(stored);
    expect(plateWithoutDot(input)).toBe(stored.replace("·", ""));
  });

  it("round-trips: a normalised valid plate is valid and normalising is idempotent", () => {
    for (const raw of ["皖a12345", "京ad12345", "粤B 12345 F", "皖a1234挂"]) {
      const stored = normalisePlateNo(raw);
      expect(isPlateNo(stored)).toBe(true);
      expect(isPlateNo(plateWithoutDot(stored))).toBe(true);
      expect(normalisePlateNo(stored)).toBe(stored);
    }
  });
});

describe("road transport certificate number", () => {
  it.each(["340100000000", "123456", "12345678901234567890", "皖交运管字340100123456", "皖340100123456", "交运管许可字12345678901234"])(
    "accepts %s",
    (value) => {
      expect(isRoadTransportCertNo(value)).toBe(true);
    },
  );

  refusesEach(isRoadTransportCertNo, [
    ["12345", "5 digits"],
    ["123456789012345678901", "21 digits"],
    ["交运管许可字123456789012345", "21 characters in all"],
    ["皖交运管许可字123456", "7 Chinese characters"],
    ["皖交运管字", "no digits"],
    ["ABC123456", "Latin letters"],
    ["340100 123456", "space"],
    ["", "empty"],
  ]);
});

describe("qualification certificate number", () => {
  it.each(["11010519491231002X", "340104000000000000", "abc123", "A1B2C3D4E5F6G7H8I9"])("accepts %s", (value) => {
    expect(isQualificationCertNo(value)).toBe(true);
  });

  it.each(["12345", "1101051949123100212", "34010419900101123-", "皖123456", "123 456", ""])("refuses %j", (value) => {
    expect(isQualificationCertNo(value)).toBe(false);
  });

  it("refuses a non-string from untyped code (the string 'undefined' would match the pattern)", () => {
    expect((isQualificationCertNo as (v: unknown) => boolean)(undefined)).toBe(false);
    expect((isMmsi as (v: unknown) => boolean)(413123456)).toBe(false);
  });
});

describe("ships: MMSI, ship identification number, IMO number", () => {
  it("MMSI is exactly 9 digits", () => {
    expect(isMmsi("413123456")).toBe(true);
    expect(isMmsi("477123456")).toBe(true);
    expect(isMmsi("41312345")).toBe(false);
    expect(isMmsi("4131234567")).toBe(false);
    expect(isMmsi("41312345a")).toBe(false);
  });

  answersEach("Chinese MMSI %s → %s", isChineseMmsi, [
    ["412123456", true],
    ["413123456", true],
    ["414123456", true],
    ["411123456", false],
    ["415123456", false],
    ["477123456", false],
    ["41312345", false],
  ]);

  it("ship identification number is CN + 11 digits", () => {
    expect(isShipIdentityNo("CN12345678901")).toBe(true);
    expect(isShipIdentityNo("cn12345678901")).toBe(false);
    expect(isShipIdentityNo("CN1234567890")).toBe(false);
    expect(isShipIdentityNo("CN123456789012")).toBe(false);
    expect(isShipIdentityNo("12345678901")).toBe(false);
  });

  it("IMO number: IMO + 7 digits with the weighted check digit", () => {
    expect(isImo("IMO9074729")).toBe(true);
    expect(isImo("IMO9074728")).toBe(false);
    const six = "917618";
    const check = [...six].reduce((acc, d, i) => acc + Number(d) * (7 - i), 0) % 10;
    expect(isImo(`IMO${six}${check}`)).toBe(true);
    expect(isImo(`IMO${six}${(check + 1) % 10}`)).toBe(false);
  });

  it.each(["9074729", "IMO 9074729", "imo9074729", "IMO907472", "IMO90747290"])("refuses IMO form %j", (value) => {
    expect(isImo(value)).toBe(false);
  });
});

describe("telephone numbers", () => {
  it.each(["13800000001", "0551-65123456", "055165123456", "010-12345678", "021-1234567", "0755-1234567"])("accepts %s", (value) => {
    expect(isPhone(value)).toBe(true);
  });

  it.each(["0551-123456", "551-65123456", "0551--65123456", "(0551)65123456", "0551-651234567", "12345678", "1380000000", ""])(
    "refuses %j",
    (value) => {
      expect(isPhone(value)).toBe(false);
    },
  );

  it("the fixed-line pattern alone does not take mobiles", () => {
    expect(FIXED_PHONE_PATTERN.test("13800000001")).toBe(false);
    expect(FIXED_PHONE_PATTERN.test("0551-65123456")).toBe(true);
  });
});

describe("taxpayer identification number", () => {
  it.each([15, 17, 18, 20])("accepts %i characters", (length) => {
    expect(isTaxNo("34010A".padEnd(length, "7"))).toBe(true);
  });

  it.each([14, 16, 19, 21])("refuses %i characters", (length) => {
    expect(isTaxNo("34010A".padEnd(length, "7"))).toBe(false);
  });

  it("accepts a credit code, refuses lower case and punctuation", () => {
    expect(isTaxNo("91350100M000100Y43")).toBe(true);
    expect(isTaxNo("91350100m000100y43")).toBe(false);
    expect(isTaxNo("91350100-000100Y43")).toBe(false);
  });
});

describe("bank card numbers and Luhn", () => {
  it("luhnValid on classic examples", () => {
    expect(luhnValid("79927398713")).toBe(true);
    expect(luhnValid("79927398710")).toBe(false);
    expect(luhnValid("4111111111111111")).toBe(true);
    expect(luhnValid("")).toBe(false);
    expect(luhnValid("4111 1111 1111 1111")).toBe(false);
  });

  it("accepts personal cards of 12-19 digits with a computed check digit, refuses a wrong one", () => {
    for (const partial of ["62220212345678901", "622202123456789012", "62148301234", "621700000000000000"]) {
      const card = partial + luhnCheckDigit(partial);
      expect(isBankCardNo(card, { personal: true })).toBe(true);
      const wrong = partial + ((Number(luhnCheckDigit(partial)) + 1) % 10);
      expect(isBankCardNo(wrong, { personal: true })).toBe(false);
    }
    expect(isBankCardNo("4111111111111111")).toBe(true);
  });

  it("refuses personal numbers of the wrong length even when Luhn-valid", () => {
    expect(isBankCardNo("79927398713", { personal: true })).toBe(false);
    const twenty = "6222021234567890123";
    expect(isBankCardNo(twenty + luhnCheckDigit(twenty), { personal: true })).toBe(false);
    expect(bankCardNoError("79927398713")).toBe("银行卡号应为12至19位数字");
    expect(bankCardNoError("4111111111111112")).toBe("银行卡号校验不通过，请核对");
  });

  it("corporate accounts: 8-32 digits, no Luhn", () => {
    expect(isBankCardNo("12345678", { personal: false })).toBe(true);
    expect(isBankCardNo("4111111111111112", { personal: false })).toBe(true);
    expect(isBankCardNo("1".repeat(32), { personal: false })).toBe(true);
    expect(isBankCardNo("1".repeat(33), { personal: false })).toBe(false);
    expect(isBankCardNo("1234567", { personal: false })).toBe(false);
    expect(isBankCardNo("1234-5678", { personal: false })).toBe(false);
    expect(bankCardNoError("", { personal: false })).toBe("请输入对公账号");
  });
});

describe("region code (GB/T 2260)", () => {
  it.each(["340100", "110000", "110105", "650000", "810000", "910000"])("accepts %s", (code) => {
    expect(isRegionCode(code)).toBe(true);
  });

  it.each(["000000", "000001", "990000", "160000", "34010", "3401000", "34010A", ""])("refuses %j", (code) => {
    expect(isRegionCode(code)).toBe(false);
  });
});

describe("VIN", () => {
  it("accepts 17 characters of digits and A-Z without I, O, Q", () => {
    expect(isVin("LFV2A21K6A4123456")).toBe(true);
    expect(isVin("LSGJA52U7AH123456")).toBe(true);
  });

  refusesEach(isVin, [
    ["LFV2A21K6A412345I", "I"],
    ["LFV2A21K6A412345O", "O"],
    ["LFV2A21K6A412345Q", "Q"],
    ["lfv2a21k6a4123456", "lower case"],
    ["LFV2A21K6A412345", "16 characters"],
    ["LFV2A21K6A41234567", "18 characters"],
  ]);
});

describe("dates in China time", () => {
  answersEach("isChinaDate(%j) → %s", isChinaDate, [
    ["2024-02-29", true],
    ["2000-02-29", true],
    ["2023-02-29", false],
    ["1900-02-29", false],
    ["2024-04-31", false],
    ["2024-12-31", true],
    ["2024-13-01", false],
    ["2024-00-10", false],
    ["2024-01-00", false],
    ["2024-1-01", false],
    ["2024/01/01", false],
    ["0000-01-01", false],
    ["2024-01-01T00:00", false],
    ["", false],
  ]);

  it("chinaToday is the UTC+8 calendar date", () => {
    expect(chinaToday(new Date("2025-06-15T15:59:59Z"))).toBe("2025-06-15");
    expect(chinaToday(new Date("2025-06-15T16:00:00Z"))).toBe("2025-06-16");
    expect(chinaToday(new Date("2024-12-31T16:00:00Z"))).toBe("2025-01-01");
  });

  it("chinaToday defaults to now", () => {
    freezeTime("2024-02-28T16:00:00Z");
    expect(chinaToday()).toBe("2024-02-29");
  });

  it("notBeforeToday compares with an explicit today", () => {
    expect(notBeforeToday("2025-06-15", "2025-06-15")).toBe(true);
    expect(notBeforeToday("2025-06-16", "2025-06-15")).toBe(true);
    expect(notBeforeToday("2025-06-14", "2025-06-15")).toBe(false);
    expect(notBeforeToday("2025-06-31", "2025-06-15")).toBe(false);
    expect(notBeforeToday("2025-6-20", "2025-06-15")).toBe(false);
    expect(notBeforeToday("2025-06-16", new Date("2025-06-15T16:00:00Z"))).toBe(true);
    expect(notBeforeToday("2025-06-15", new Date("2025-06-15T16:00:00Z"))).toBe(false);
  });

  it("notBeforeToday defaults to the China date, not the UTC date", () => {
    freezeTime("2025-06-15T17:00:00Z");
    expect(notBeforeToday("2025-06-16")).toBe(true);
    expect(notBeforeToday("2025-06-15")).toBe(false);
  });

  it("notBeforeToday throws on a malformed today", () => {
    expect(() => notBeforeToday("2025-06-15", "2025-02-30")).toThrow(RangeError);
  });
});

describe("visible text", () => {
  it.each(["a", " 粮 ", "\u200b皖A12345", "😀", "0", "-"])("has visible text: %j", (value) => {
    expect(hasVisibleText(value)).toBe(true);
  });

  it.each([
    ["", "empty"],
    ["   ", "spaces"],
    ["\t\r\n", "tab and newlines"],
    ["\u3000\u00a0", "ideographic and no-break space"],
    ["\u200b\u200c\u200d", "zero-width space and joiners"],
    ["\ufeff", "BOM"],
    ["\u2060", "word joiner"],
    ["\u0000\u0000", "NULs"],
    ["\u0007\u001b\u007f\u0085", "other control characters"],
    ["\u200e\u00ad", "bidi mark and soft hyphen"],
    ["\u3164", "Hangul filler"],
    [" \u200b\u0000\ufeff\u3000\n", "a mix"],
  ])("has none: %j (%s)", (value) => {
    expect(hasVisibleText(value)).toBe(false);
  });
});
