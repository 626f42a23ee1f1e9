/**
 * Generic field schemas shared by every service's contract: ids, weights, texts, dates, times and
 * uploaded-file references, each with its Chinese messages.
 */
import { z } from "zod";
import { hasVisibleText } from "./validation.js";

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

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Treats "" like an absent field, as HTML forms send empty inputs. */
export const emptyAsAbsent = <S extends z.ZodTypeAny>(schema: S) => z.preprocess((value) => (value === "" ? undefined : value), schema.optional().nullable());

export const isRealDate = (value: string) => {
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
};

export const dateText = (label: string) =>
  emptyAsAbsent(
    z
      .string({ invalid_type_error: `${label}格式应为 YYYY-MM-DD` })
      .regex(DATE_PATTERN, `${label}格式应为 YYYY-MM-DD`)
      .refine(isRealDate, `${label}不是有效日期`),
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
    .regex(/^(https?:\/\/|\/)\S+$/, `${label}应为图片地址`);

