/** Spec 5: 11 digits, starting with 1, second digit 3, 4[1579], 5, 6[6], 7, 8, 9. */
export const MOBILE_PATTERN = /^1(3\d|4[1579]|5\d|66|7\d|8\d|9\d)\d{8}$/;

export function isMobile(value: string): boolean {
  return MOBILE_PATTERN.test(value);
}

/** Spec 5: keep letters, digits, Chinese characters, apostrophe, dot and hyphen. */
export function stripSpecialCharacters(value: string): string {
  return value.replace(/[^A-Za-z0-9\u4e00-\u9fa5'.\-]/g, "");
}
