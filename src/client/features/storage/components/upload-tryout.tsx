import { ImageUp, UploadCloud } from 'lucide-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import type { UploadedFile } from '../../../../shared/api/storage.js';
import {
  UPLOAD_ACCEPTED_TYPES,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_DIMENSION_PX,
} from '../../../../shared/limits.js';
import { Card } from '../../../components/ui/card.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { cn } from '../../../lib/cn.js';
import { useUploadFile } from '../api/upload-file.js';
import { formatBytes } from '../lib/format-bytes.js';

const accepted: readonly string[] = UPLOAD_ACCEPTED_TYPES;

/** The checks the server makes that the browser can make first; the server checks again by content. */
async function checkFile(file: File): Promise<string | null> {
  if (file.type === 'image/svg+xml' || /\.svg$/i.test(file.name)) {
    return 'SVG files are not accepted: upload a PNG, JPEG or WebP image.';
  }
  if (!accepted.includes(file.type)) return 'Choose a PNG, JPEG or WebP image.';
  if (file.size > UPLOAD_MAX_BYTES) {
    return `The file is ${formatBytes(file.size)}; the limit is ${formatBytes(UPLOAD_MAX_BYTES)}.`;
  }
  if (typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(file);
      const tooLarge = bitmap.width > UPLOAD_MAX_DIMENSION_PX || bitmap.height > UPLOAD_MAX_DIMENSION_PX;
      const size = `${bitmap.width} × ${bitmap.height} px`;
      bitmap.close();
      if (tooLarge) {
        return `The image is ${size}; the limit is ${UPLOAD_MAX_DIMENSION_PX} × ${UPLOAD_MAX_DIMENSION_PX} px.`;
      }
    } catch {
      // The browser could not decode it: the server decides (and explains) from the content.
    }
  }
  return null;
}

function Result({ file }: { file: UploadedFile }) {
  const absolute = new URL(file.url, window.location.origin).href;
  return (
    <div className="mt-5 flex flex-col gap-4 rounded-xl border border-emerald-200 bg-emerald-50/50 p-4 sm:flex-row">
      <img
        src={file.url}
        alt="Uploaded image"
        width={96}
        height={96}
        className="h-24 w-24 shrink-0 rounded-xl bg-white object-contain ring-1 ring-slate-200"
      />
      <dl className="grid min-w-0 grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">Stored as</dt>
        <dd className="text-slate-900">{file.contentType}</dd>
        <dt className="text-slate-600">Size</dt>
        <dd className="text-slate-900">{formatBytes(file.size)}</dd>
        <dt className="text-slate-600">Dimensions</dt>
        <dd className="text-slate-900">
          {file.width} × {file.height} px
        </dd>
        <dt className="text-slate-600">URL</dt>
        <dd className="min-w-0 break-all">
          <a
            href={file.url}
            target="_blank"
            rel="noreferrer"
            className="text-brand-700 underline underline-offset-2"
          >
            {absolute}
          </a>
        </dd>
      </dl>
    </div>
  );
}

/** Try an upload: pick or drop an image, see what the server stored. */
export function UploadTryout() {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const upload = useUploadFile();
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  async function send(file: File | undefined) {
    if (!file) return;
    setError(null);
    upload.reset();
    const problem = await checkFile(file);
    if (problem) {
      setError(problem);
      return;
    }
    upload.mutate(file, { onError: (failure) => setError(failure.message) });
  }

  function onDrop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setDragging(false);
    void send(event.dataTransfer.files[0]);
  }

  return (
    <Card className="p-4 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">Try an upload</h2>
      <p className="mt-1 text-sm text-slate-600">
        PNG, JPEG or WebP, at most {formatBytes(UPLOAD_MAX_BYTES)} and {UPLOAD_MAX_DIMENSION_PX} px on a side.
        The server re-encodes it to WebP and removes its metadata.
      </p>
      <label
        htmlFor={inputId}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'mt-4 flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-8 text-center',
          'focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600',
          dragging ? 'border-brand-500 bg-brand-50' : 'border-slate-300 bg-slate-50 hover:bg-slate-100',
        )}
      >
        {upload.isPending ? (
          <>
            <Spinner className="h-6 w-6 text-brand-600" label="Uploading" />
            <span className="text-sm font-medium text-slate-800">Uploading…</span>
          </>
        ) : (
          <>
            {dragging ? (
              <UploadCloud className="h-7 w-7 text-brand-600" aria-hidden="true" />
            ) : (
              <ImageUp className="h-7 w-7 text-slate-500" aria-hidden="true" />
            )}
            <span className="text-sm font-medium text-slate-800">Choose an image or drop it here</span>
          </>
        )}
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={UPLOAD_ACCEPTED_TYPES.join(',')}
          className="sr-only"
          disabled={upload.isPending}
          onChange={(event) => {
            void send(event.target.files?.[0]);
            // Choosing the same file again should upload it again.
            event.target.value = '';
          }}
        />
      </label>
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {error}
        </p>
      )}
      {upload.isSuccess && (
        <>
          <p role="status" className="mt-3 text-sm font-medium text-emerald-800">
            Uploaded.
          </p>
          <Result file={upload.data} />
        </>
      )}
    </Card>
  );
}
