/**
 * Business documents (证照图片, 磅单, 转账凭证, 发票影像): uploaded files of the platform's file store, held
 * by records as `/files/<id>`. The kinds and the size limit are written here once; the platform checks
 * them (platform/documents/documents.ts), the console's one widget says them (DocumentUpload).
 */
export const DOCUMENT_KINDS = { CREDENTIAL: "证照", WEIGH_TICKET: "磅单", RECHARGE_VOUCHER: "转账凭证", INVOICE: "发票" } as const;
export type DocumentKind = keyof typeof DOCUMENT_KINDS;
export const DOCUMENT_KIND_CODES = Object.keys(DOCUMENT_KINDS) as DocumentKind[];

/** The size limit of one business document. */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
