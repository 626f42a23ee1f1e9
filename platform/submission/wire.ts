/**
 * The exchange message on the wire, shared by the sender and the stand-in (domain 8, 《部网络货运信息交互系统
 * 接入指南》; the provincial systems take the same envelope): a login that returns a token, then one POST
 * per message with the ministry header (messageReferenceNumber, documentName, documentVersionNumber,
 * senderCode, enterpriseSenderCode, messageSendingDateTime, ipcType, token) and the business message
 * sealed with the GM/T algorithms:
 *
 * - `encryptedContent`: the business message (UTF-8 JSON) encrypted with SM4 (GB/T 32907, ECB, PKCS#7
 *   padding) under a fresh random 128-bit key, Base64;
 * - `encryptedCode`: that key encrypted with the receiving platform's SM2 public key (GM/T 0003.4,
 *   C1‖C3‖C2, hex with the `04` point prefix);
 * - `signature`: SM2 with SM3 (GM/T 0003.2, Z computed with the signer id, by default
 *   1234567812345678) by the sender's private key over `messageReferenceNumber|ipcType|encryptedCode|
 *   encryptedContent`, hex r‖s.
 *
 * SM4 runs in Node's OpenSSL (`sm4-ecb`), SM2 and SM3-in-SM2 in sm-crypto-v2: no algorithm is written here.
 */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { sm2 } from "sm-crypto-v2";
import { publicKeyOf } from "./keys.js";

export const DOCUMENT_VERSION = "2015WCCYR";
/** GM/T 0009's default signer id, which the exchange uses unless the account says otherwise. */
export const SM2_DEFAULT_USER_ID = "1234567812345678";
const SM4 = "sm4-ecb";
const C1C3C2 = 1;

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

/** What the sender seals with: its own private key and the receiving platform's public key (hex). */
export interface SealKeys {
  senderPrivateKey: string;
  receiverPublicKey: string;
  userId: string;
}

/** What the receiver opens with: its own private key and the sender's public key (hex). */
export interface OpenKeys {
  receiverPrivateKey: string;
  senderPublicKey: string;
  userId: string;
}

type Sealed = Pick<ExchangeMessage, "encryptedCode" | "encryptedContent" | "signature">;

const signedText = (message: Pick<ExchangeMessage, "messageReferenceNumber" | "ipcType" | "encryptedCode" | "encryptedContent">) =>
  [message.messageReferenceNumber, message.ipcType, message.encryptedCode, message.encryptedContent].join("|");

export function sm4Encrypt(key: Buffer, plain: Buffer): Buffer {
  const cipher = createCipheriv(SM4, key, null);
  return Buffer.concat([cipher.update(plain), cipher.final()]);
}

export function sm4Decrypt(key: Buffer, sealed: Buffer): Buffer {
  const decipher = createDecipheriv(SM4, key, null);
  return Buffer.concat([decipher.update(sealed), decipher.final()]);
}

/** SM2 encryption of `data` (C1‖C3‖C2, hex with the `04` prefix, as BouncyCastle writes it). */
export const sm2Encrypt = (data: Uint8Array, publicKey: string) => `04${sm2.doEncrypt(data, publicKey, C1C3C2)}`;

/** SM2 decryption, or null when it fails (wrong key, tampered text). */
export function sm2Decrypt(hex: string, privateKey: string): Buffer | null {
  try {
    const body = hex.length % 2 === 0 && hex.startsWith("04") ? hex.slice(2) : hex;
    const plain = sm2.doDecrypt(body, privateKey, C1C3C2, { output: "array" });
    return plain?.length ? Buffer.from(plain) : null;
  } catch {
    return null;
  }
}

/** SM2 signature with SM3 (Z with `userId`), hex r‖s. */
export const sm2Sign = (text: string, privateKey: string, userId: string) => sm2.doSignature(text, privateKey, { hash: true, publicKey: publicKeyOf(privateKey), userId });

export function sm2Verify(text: string, signature: string, publicKey: string, userId: string): boolean {
  try {
    return /^[0-9a-f]{128}$/i.test(signature) && sm2.doVerifySignature(text, signature.toLowerCase(), publicKey, { hash: true, userId });
  } catch {
    return false;
  }
}

/** Seals a business message for `header`'s reference number and document: a fresh SM4 key per message. */
export function sealContent(keys: SealKeys, header: Pick<ExchangeMessage, "messageReferenceNumber" | "ipcType">, payload: unknown): Sealed {
  const key = randomBytes(16);
  const encryptedContent = sm4Encrypt(key, Buffer.from(JSON.stringify(payload), "utf8")).toString("base64");
  const encryptedCode = sm2Encrypt(key, keys.receiverPublicKey);
  return { encryptedCode, encryptedContent, signature: sm2Sign(signedText({ ...header, encryptedCode, encryptedContent }), keys.senderPrivateKey, keys.userId) };
}

/** Why a sealed message could not be opened: the ministry's result code and message. */
export interface OpenFailure {
  resultCode: "3006" | "3007" | "3008";
  resultMessage: string;
}

/**
 * The business message of a sealed request, or the ministry's refusal: 3006 when the symmetric key
 * does not decrypt with the receiver's key, 3007 when the signature does not verify with the sender's
 * key or the content does not decrypt, 3008 when the plain text is no JSON object.
 */
export function openContent(keys: OpenKeys, message: ExchangeMessage): { payload: Record<string, unknown> } | OpenFailure {
  const key = sm2Decrypt(String(message.encryptedCode ?? ""), keys.receiverPrivateKey);
  if (!key || key.length !== 16) return { resultCode: "3006", resultMessage: "对称密钥解密失败" };
  if (!sm2Verify(signedText(message), String(message.signature ?? ""), keys.senderPublicKey, keys.userId)) return { resultCode: "3007", resultMessage: "业务报文解密错误：签名验证失败" };
  let plain: string;
  try {
    plain = sm4Decrypt(key, Buffer.from(String(message.encryptedContent ?? ""), "base64")).toString("utf8");
  } catch {
    return { resultCode: "3007", resultMessage: "业务报文解密错误" };
  }
  try {
    const payload = JSON.parse(plain) as unknown;
    if (payload && typeof payload === "object" && !Array.isArray(payload)) return { payload: payload as Record<string, unknown> };
  } catch {
    // answered below
  }
  return { resultCode: "3008", resultMessage: "业务报文解析错误" };
}
