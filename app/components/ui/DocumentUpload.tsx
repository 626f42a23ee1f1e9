/**
 * The one document-upload widget: 证照图片, 磅单, 转账凭证 …
 * - JavaScript off: a file input `<name>__file` in a multipart form; the page's action relays the
 *   files (app/services/documents.server.ts) and the references already held stay in the hidden
 *   `<name>` input (a checkbox clears them).
 * - JavaScript on: choosing a file shows its preview at once and uploads it to `/documents/upload`
 *   with a progress bar; the reference joins the hidden input and the file input is emptied.
 * Held references show as thumbnails that open the full image.
 */
import { useRef, useState } from "react";
import { DOCUMENT_ACCEPT, DOCUMENT_CLEAR_SUFFIX, DOCUMENT_FILE_SUFFIX, DOCUMENT_MAX_BYTES, fileIdOfRef, viewHref, type DocumentKind } from "~/lib/documents";
import { FieldError, RequiredMark } from "./FieldParts";

/** A held document as a thumbnail linking to the full file. */
export function DocumentThumb({ href, label, preview }: { href: string; label: string; preview?: string }) {
  const stored = fileIdOfRef(href) !== null;
  return (
    <a href={viewHref(href)} target="_blank" rel="noreferrer" className="inline-block rounded border border-gray-200 p-0.5 hover:border-primary" title={`${label}（点击查看原图）`} data-testid="document-thumb">
      {stored || preview ? <img src={preview ?? href} alt={label} loading="lazy" className="h-14 w-20 object-cover" /> : <span className="block px-2 py-4 text-xs text-primary">{label}</span>}
    </a>
  );
}

interface Upload {
  key: string;
  name: string;
  preview: string | null;
  progress: number;
  error: string | null;
}

export function DocumentUpload({ name, id, label, kind, defaultRefs, max, required, error }: { name: string; id: string; label: string; kind: DocumentKind; defaultRefs: string[]; max: number; required?: boolean; error?: string }) {
  const [refs, setRefs] = useState<string[]>(defaultRefs);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const input = useRef<HTMLInputElement>(null);

  const upload = (file: File) => {
    const key = `${file.name}-${file.size}-${Date.now()}-${Math.random()}`;
    const preview = file.type.startsWith("image/") ? URL.createObjectURL(file) : null;
    const set = (patch: Partial<Upload>) => setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...patch } : u)));
    setUploads((list) => [...list, { key, name: file.name, preview, progress: 0, error: file.size > DOCUMENT_MAX_BYTES ? `文件过大：单个文件最大 ${DOCUMENT_MAX_BYTES / 1024 / 1024} MB` : null }]);
    if (file.size > DOCUMENT_MAX_BYTES) return;
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/documents/upload?${new URLSearchParams({ kind, name: file.name }).toString()}`);
    xhr.setRequestHeader("Content-Type", "application/octet-stream");
    xhr.upload.onprogress = (e) => e.lengthComputable && set({ progress: Math.round((e.loaded / e.total) * 100) });
    xhr.onload = () => {
      let body: { file?: { url: string }; error?: string } = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        body = { error: "上传失败，请重试" };
      }
      if (xhr.status === 200 && body.file) {
        setRefs((list) => [...list, body.file!.url]);
        setUploads((list) => list.filter((u) => u.key !== key));
      } else set({ error: body.error ?? "上传失败，请重试" });
    };
    xhr.onerror = () => set({ error: "网络错误，上传失败" });
    xhr.send(file);
  };

  return (
    <div className="min-w-0" data-testid={`document-upload-${name}`}>
      <label htmlFor={id} className="mb-1 block text-sm text-gray-600">
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      <input type="hidden" name={name} value={refs.join("\n")} />
      {refs.length ? (
        <div className="mb-1 flex flex-wrap items-center gap-2">
          {refs.map((ref, i) => (
            <span key={ref} className="relative">
              <DocumentThumb href={ref} label={`${label}${i + 1}`} />
              <button type="button" className="ml-1 text-xs text-danger hover:underline" onClick={() => setRefs((list) => list.filter((r) => r !== ref))} aria-label={`删除${label}${i + 1}`}>删除</button>
            </span>
          ))}
          <noscript>
            <label className="text-xs text-gray-600"><input type="checkbox" name={`${name}${DOCUMENT_CLEAR_SUFFIX}`} value="1" /> 清除已上传的{label}</label>
          </noscript>
        </div>
      ) : null}
      {uploads.map((u) => (
        <div key={u.key} className="mb-1 flex items-center gap-2 text-xs" data-testid="document-uploading">
          {u.preview ? <img src={u.preview} alt={`${u.name} 预览`} className="h-14 w-20 rounded border object-cover" data-testid="document-preview" /> : <span>{u.name}</span>}
          {u.error ? (
            <span className="text-danger" role="alert">{u.error}</span>
          ) : (
            <span className="flex-1" role="progressbar" aria-label={`${u.name} 上传进度`} aria-valuenow={u.progress} aria-valuemin={0} aria-valuemax={100}>
              <span className="block h-2 w-32 overflow-hidden rounded bg-gray-100"><span className="block h-2 bg-primary" style={{ width: `${u.progress}%` }} /></span>
            </span>
          )}
        </div>
      ))}
      <input
        ref={input}
        id={id}
        type="file"
        name={`${name}${DOCUMENT_FILE_SUFFIX}`}
        accept={DOCUMENT_ACCEPT}
        multiple={max > 1}
        className="text-sm"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error ${id}-hint` : `${id}-hint`}
        onChange={(e) => {
          const files = [...(e.currentTarget.files ?? [])].slice(0, Math.max(0, max - refs.length));
          for (const file of files) upload(file);
          e.currentTarget.value = "";
        }}
      />
      <p id={`${id}-hint`} className="mt-0.5 text-xs text-muted">图片（jpg/png/webp）或 PDF，单个不超过 10 MB，最多 {max} 个</p>
      <FieldError id={id} error={error} />
    </div>
  );
}

