/**
 * The exchange message on the wire, shared by the sender and the stand-in (domain 8): a login that
 * returns a token, then one POST per message with the ministry header (messageReferenceNumber,
 * documentName, documentVersionNumber, senderCode, enterpriseSenderCode, messageSendingDateTime,
 * ipcType, token) and the business message in `encryptedContent`. The ministry encrypts the content
 * (SM2/SM4); this adapter signs it with HMAC-SHA256 under the account's key instead, so a real
 * province's encryption is a change of `sealContent` / `openContent` only.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export const DOCUMENT_VERSION = "2015WCCYR";

export interface LoginRequest {
  userName: string;
  password: string;
}

export interface ExchangeMessage {
  messageReferenceNumber: string;
  documentName: string;
  documentVersionNumber: string;
  senderCode: string;
  enterpriseSenderCode: string;
  messageSendingDateTime: string;
  ipcType: string;
  token: string;
  encryptedCode: string;
  encryptedContent: string;
  signature: string;
}

export interface ExchangeReply {
  resultCode: string;
  resultMessage: string;
  token?: string;
}

const sign = (key: string, reference: string, content: string) => createHmac("sha256", key).update(`${reference}.${content}`).digest("hex");

export function sealContent(key: string, reference: string, payload: unknown): Pick<ExchangeMessage, "encryptedCode" | "encryptedContent" | "signature"> {
  const encryptedContent = Buffer.from(JSON.stringify(payload), "utf8").toString("base64");
  return { encryptedCode: "HMAC-SHA256", encryptedContent, signature: sign(key, reference, encryptedContent) };
}

/** The business message of a sealed request, or null when the signature does not match the key. */
export function openContent(key: string, message: ExchangeMessage): unknown {
  const expected = Buffer.from(sign(key, message.messageReferenceNumber, message.encryptedContent));
  const given = Buffer.from(String(message.signature ?? ""));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    return JSON.parse(Buffer.from(message.encryptedContent, "base64").toString("utf8"));
  } catch {
    return undefined;
  }
}
