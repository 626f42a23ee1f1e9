/**
 * Bounds on a JSON body, checked on its text before it is parsed,
 * so that nothing ever walks a body deeper, longer or with stranger numbers than these: the platform's
 * JSON parser (every route) and the console's actions that read JSON apply the same rule.
 */
export interface JsonLimits {
  /** Deepest nesting of arrays and objects. */
  maxDepth: number;
  /** Most elements of one array. */
  maxArrayLength: number;
}

export const JSON_LIMITS: JsonLimits = { maxDepth: 64, maxArrayLength: 10_000 };

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_OBJECT = 123;
const OPEN_ARRAY = 91;
const CLOSE_OBJECT = 125;
const CLOSE_ARRAY = 93;
const COMMA = 44;
const MINUS = 45;
const DIGIT_0 = 48;
const DIGIT_9 = 57;
/** Characters a JSON number literal is made of. */
const NUMBER_CHAR = /[0-9eE+\-.]/;

/**
 * Why `text` breaks the limits, in Chinese, or null when it keeps them. One pass over the characters
 * with an explicit stack (never recursion): nesting depth, elements per array, and numbers that are
 * not finite or are whole numbers beyond ±2^53 (they would lose digits, or overflow a column). Syntax
 * is left to JSON.parse.
 */
export function jsonLimitViolation(text: string, limits: JsonLimits = JSON_LIMITS): string | null {
  // Per open container: the commas seen so far in an array, or -1 for an object.
  const commas: number[] = [];
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
      continue;
    }
    if (c === QUOTE) inString = true;
    else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (commas.length >= limits.maxDepth) return `请求体嵌套层级过深（最多 ${limits.maxDepth} 层）`;
      commas.push(c === OPEN_ARRAY ? 0 : -1);
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) commas.pop();
    else if (c === COMMA && commas.length > 0 && commas[commas.length - 1]! >= 0) {
      const count = ++commas[commas.length - 1]!;
      if (count + 1 > limits.maxArrayLength) return `请求体中的数组过长（每个数组最多 ${limits.maxArrayLength} 项）`;
    } else if (c === MINUS || (c >= DIGIT_0 && c <= DIGIT_9)) {
      let end = i + 1;
      while (end < text.length && NUMBER_CHAR.test(text[end]!)) end++;
      const value = Number(text.slice(i, end));
      if (!Number.isFinite(value) && !Number.isNaN(value)) return "请求体中的数值超出范围";
      if (Number.isInteger(value) && !Number.isSafeInteger(value)) return "请求体中的数值超出范围";
      i = end - 1;
    }
  }
  return null;
}

/** JSON.parse after the limits: throws a RangeError with the Chinese reason when they are broken. */
export function parseBoundedJson(text: string, limits: JsonLimits = JSON_LIMITS): unknown {
  const violation = jsonLimitViolation(text, limits);
  if (violation) throw new RangeError(violation);
  return JSON.parse(text) as unknown;
}
