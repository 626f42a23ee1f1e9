/**
 * Generic field schemas shared by every service's contract: ids, weights, texts, dates, times and
 * uploaded-file references, each with its Chinese messages.
 */
import { z } from "zod";
import { hasVisibleText, isStoredUrl, stripSpecialCharacters } from "./validation.js";
import { DATE_PATTERN, isChinaDate } from "./units.js";

const idMessage = (field: string) => `${field} 必须是正整数`;

/** A database id as clients send it: a positive integer, as a number or a digit string. */
export const idSchema = (field = "id") =>
  z
    .union([z.number().int(idMessage(field)).positive(idMessage(field)).max(Number.MAX_SAFE_INTEGER, idMessage(field)), z.string().regex(/^[1-9]\d{0,14}$/, idMessage(field))], {
      errorMap: () => ({ message: idMessage(field) }),
    })
    .transform((value) => Number(value));

/** A weight in kilograms: a positive integer. */
export const weightKgSchema = (label: string, maxKg = 20_000_000) =>
  z
    .number({ required_error: `请输入${label}`, invalid_type_error: `${label}必须是数字（单位：千克）` })
    .int(`${label}必须是整数千克`)
    .positive(`${label}必须大于 0`)
    .max(maxKg, `${label}过大`);

export const text = (label: string, max: number) =>
  z
    .string({ invalid_type_error: `${label}必须是文字` })
    .trim()
    .max(max, `${label}最多 ${max} 个字`);

/** Required text: blank, or only invisible characters (zero-width spaces and the like), is not text. */
export const requiredText = (label: string, max: number) => text(label, max).min(1, `请填写${label}`).refine(hasVisibleText, `请填写${label}`);

/** An optional filter text: empty or blank counts as absent. */
export const filterText = (label: string, max = 64) =>
  text(label, max)
    .optional()
    .nullable()
    .transform((value) => (value ? value : undefined));

// ---------------------------------------------------------------------------------------------
// Spec 5: the special-character filter of names, plates, places and numbers

/** The description that marks a schema as filtered; the console reads it to strip the input on blur. */
export const SPECIAL_CHARACTER_FILTER = "spec5:special-character-filter";

const stripIfText = (value: unknown) => (typeof value === "string" ? stripSpecialCharacters(value) : value);

/**
 * The schema after spec 5's filter: a string loses every character but letters, digits, Chinese
 * characters, apostrophe, dot and hyphen before the schema's own checks run (so `@@` reads as blank).
 * The platform strips what a client sent, as the console's input does on blur.
 */
export function withSpecialCharacterFilter<S extends z.ZodTypeAny>(schema: S) {
  return z.preprocess(stripIfText, schema).describe(SPECIAL_CHARACTER_FILTER);
}

/** A required name, plate, place or number (filtered). */
export const nameText = (label: string, max: number) => withSpecialCharacterFilter(requiredText(label, max));

/** An optional search text on a name, plate, place or number (filtered; blank counts as absent). */
export const nameFilter = (label: string, max = 64) => withSpecialCharacterFilter(filterText(label, max));

/** Whether a schema, under optional / nullable / default / effects wrappers, carries the filter. */
export function hasSpecialCharacterFilter(schema: z.ZodTypeAny): boolean {
  let current: z.ZodTypeAny | undefined = schema;
  while (current) {
    if (current.description === SPECIAL_CHARACTER_FILTER) return true;
    const def = current._def as { innerType?: z.ZodTypeAny; schema?: z.ZodTypeAny };
    current = def.innerType ?? def.schema;
  }
  return false;
}

/** The keys of an object schema (refinements unwrapped) whose fields carry the filter. */
export function specialCharacterFields(schema: z.ZodTypeAny): Set<string> {
  let current: z.ZodTypeAny | undefined = schema;
  while (current && !(current instanceof z.ZodObject)) current = (current._def as { schema?: z.ZodTypeAny; innerType?: z.ZodTypeAny }).schema ?? (current._def as { innerType?: z.ZodTypeAny }).innerType;
  if (!current) return new Set();
  return new Set(Object.entries((current as z.AnyZodObject).shape as Record<string, z.ZodTypeAny>).filter(([, field]) => hasSpecialCharacterFilter(field)).map(([key]) => key));
}


/** Treats "" like an absent field, as HTML forms send empty inputs. */
export const emptyAsAbsent = <S extends z.ZodTypeAny>(schema: S) => z.preprocess((value) => (value === "" ? undefined : value), schema.optional().nullable());

/** A real "YYYY-MM-DD" date (the one check: contract/units.ts `isChinaDate`). */
export const isRealDate = (value: string) => isChinaDate(value);

/**
 * The one date field: "YYYY-MM-DD" naming a real date, with the Chinese messages every date field,
 * filter and report parameter shows (`${label}格式应为 YYYY-MM-DD`, `${label}不是有效日期`).
 */
export const chinaDateText = (label: string) =>
  z
    .string({ required_error: `请填写${label}`, invalid_type_error: `${label}格式应为 YYYY-MM-DD` })
    .regex(DATE_PATTERN, `${label}格式应为 YYYY-MM-DD`)
    .refine(isChinaDate, `${label}不是有效日期`);

export const dateText = (label: string) =>
  emptyAsAbsent(
    chinaDateText(label),
  ).transform((value) => value ?? undefined);

/** An ISO-8601 time with a zone (as the console sends from a datetime field), normalised to UTC. */
export const isoTimeSchema = (label: string) =>
  z
    .string({ invalid_type_error: `${label}格式不正确` })
    .datetime({ offset: true, message: `${label}格式不正确，应为 ISO-8601 时间` })
    .transform((value) => new Date(value).toISOString());

/** A reference to an uploaded image: an http(s) URL or a path on the file service. */
export const imageRefSchema = (label: string) =>
  z
    .string({ required_error: `请上传${label}`, invalid_type_error: `${label}格式不正确` })
    .trim()
    .min(1, `请上传${label}`)
    .max(512, `${label}地址过长`)
    .refine(isStoredUrl, `${label}应为图片地址（http(s) 地址或 /files/ 下的已上传文件）`);

