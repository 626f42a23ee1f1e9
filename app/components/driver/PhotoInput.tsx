import { useEffect, useState } from "react";
import { PHOTO_MAX_SIDE, PHOTO_QUALITY } from "~/lib/driver";

const megabytes = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/** A photo redrawn at most PHOTO_MAX_SIDE pixels on its longer side, as a JPEG; null when the browser cannot. */
async function shrinkPhoto(file: File): Promise<File | null> {
  if (!file.type.startsWith("image/") || typeof createImageBitmap !== "function") return null;
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, PHOTO_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", PHOTO_QUALITY));
  if (!blob || blob.size >= file.size) return null;
  return new File([blob], `${file.name.replace(/\.[^.]*$/, "") || "磅单"}.jpg`, { type: "image/jpeg" });
}

/**
 * A photo from the phone's camera (the 磅单, a 证照). With JavaScript the photo is shrunk in the browser before it is
 * sent (a phone's photo is several MB; the figures stay legible at PHOTO_MAX_SIDE px); without it the
 * photo is uploaded as taken.
 */
export function PhotoInput({ id, name, label, held, error, what = "磅单", tip = "要拍清楚重量数字" }: { id: string; name: string; label: string; held: string | null; error: string | null; what?: string; tip?: string }) {
  const [preview, setPreview] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  async function onChange(event: React.ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    let chosen = file;
    try {
      const shrunk = await shrinkPhoto(file);
      if (shrunk) {
        const list = new DataTransfer();
        list.items.add(shrunk);
        input.files = list.files;
        chosen = shrunk;
        setNote(`照片已压缩：${megabytes(file.size)} → ${megabytes(shrunk.size)}`);
      } else setNote(null);
    } catch {
      // A format the browser cannot draw: it is uploaded as taken.
      setNote(null);
    }
    setPreview(URL.createObjectURL(chosen));
  }

  const hintId = `${id}-hint`;
  return (
    <div>
      <label htmlFor={id} className="block text-base font-semibold">{label}</label>
      <p id={hintId} className="text-sm text-gray-600">
        {held ? `${what}已上传；要换一张就重新拍` : `点下面的按钮拍${what}，${tip}`}
      </p>
      {held ? <input type="hidden" name={name} value={held} /> : null}
      {held && !preview ? <img src={held} alt={`已上传的${what}`} className="mt-2 max-h-48 rounded border" /> : null}
      {preview ? <img src={preview} alt={`刚拍的${what}`} className="mt-2 max-h-48 rounded border" data-testid="photo-preview" /> : null}
      <input
        id={id}
        name={`${name}__file`}
        type="file"
        accept="image/*"
        capture="environment"
        onChange={onChange}
        aria-describedby={hintId}
        aria-invalid={error ? true : undefined}
        className="driver-input mt-2 py-2 text-base file:mr-3 file:min-h-[40px] file:rounded file:border-0 file:bg-gray-700 file:px-3 file:text-white"
      />
      {note ? <p className="mt-1 text-sm text-gray-600" data-testid="photo-note">{note}</p> : null}
      {error ? <p className="mt-1 text-base text-danger" role="alert">{error}</p> : null}
    </div>
  );
}
