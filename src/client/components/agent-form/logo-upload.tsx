import { ImagePlus, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { LOGO_OUTPUT_SIZE_PX, UPLOAD_ACCEPTED_TYPES, UPLOAD_MAX_BYTES } from '../../../shared/limits.js';
import { cn } from '../../lib/cn.js';
import { isApiError } from '../../lib/request.js';
import { uploadFile } from '../../lib/upload.js';
import { Button } from '../ui/button.js';
import { ButtonSpinner } from '../ui/spinner.js';
import type { AgentFormLogo } from './agent-form-values.js';

const MAX_MB = UPLOAD_MAX_BYTES / (1024 * 1024);
/** The server's own words for the same checks, so the message does not change after the round trip. */
export const LOGO_TOO_LARGE_MESSAGE = `The file is larger than ${MAX_MB} MB.`;
export const LOGO_WRONG_TYPE_MESSAGE = 'Only PNG, JPEG or WebP images are accepted.';
export const LOGO_SVG_MESSAGE = 'SVG images are not accepted. Upload a PNG, JPEG or WebP image.';

interface LogoUploadProps {
  logo: AgentFormLogo | null;
  onChange: (logo: AgentFormLogo | null) => void;
  /** The agent's name, for the preview's alt text. */
  agentName: string;
  error?: string | undefined;
  disabled?: boolean | undefined;
  onUploadingChange?: ((uploading: boolean) => void) | undefined;
  /** Where the logo came from, when it was imported. */
  source?: string | undefined;
}

/**
 * Chooses and uploads a logo (POST /api/uploads). Size and type are checked here first so a wrong file
 * fails at once; the server checks the content again and its message is shown when it refuses.
 */
export function LogoUpload({
  logo,
  onChange,
  agentName,
  error,
  disabled,
  onUploadingChange,
  source,
}: LogoUploadProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const shownError = uploadError ?? error;

  useEffect(() => () => abortRef.current?.abort(), []);

  function setBusy(value: boolean) {
    setUploading(value);
    onUploadingChange?.(value);
  }

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Clearing the input lets the same file be chosen again after an error.
    event.target.value = '';
    if (!file) return;
    setUploadError(null);
    if (!(UPLOAD_ACCEPTED_TYPES as readonly string[]).includes(file.type)) {
      setUploadError(file.type === 'image/svg+xml' ? LOGO_SVG_MESSAGE : LOGO_WRONG_TYPE_MESSAGE);
      return;
    }
    if (file.size > UPLOAD_MAX_BYTES) {
      setUploadError(LOGO_TOO_LARGE_MESSAGE);
      return;
    }
    abortRef.current?.abort();
    const controller = new AbortController();
    abortRef.current = controller;
    setBusy(true);
    try {
      const uploaded = await uploadFile(file, controller.signal);
      onChange({ fileId: uploaded.id, url: uploaded.url });
    } catch (caught) {
      if (controller.signal.aborted) return;
      setUploadError(
        isApiError(caught) ? caught.message : 'The logo could not be uploaded. Please try again.',
      );
    } finally {
      if (abortRef.current === controller) {
        abortRef.current = null;
        setBusy(false);
      }
    }
  }

  return (
    <div className="space-y-1.5">
      {/* Not a <label>: it would replace the button's own name ("Upload logo") for screen readers. */}
      <p className="text-sm font-medium text-slate-700">Logo</p>
      <div className="flex flex-wrap items-center gap-4">
        <div
          className={cn(
            'flex h-20 w-20 shrink-0 items-center justify-center overflow-hidden rounded-xl border border-dashed bg-slate-50',
            shownError ? 'border-red-400' : 'border-slate-300',
          )}
        >
          {logo ? (
            <img
              src={logo.url}
              alt={agentName ? `${agentName} logo` : 'Logo preview'}
              width={80}
              height={80}
              className="h-full w-full object-cover"
            />
          ) : (
            <ImagePlus className="h-7 w-7 text-slate-400" aria-hidden="true" />
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <input
            ref={inputRef}
            type="file"
            accept={UPLOAD_ACCEPTED_TYPES.join(',')}
            onChange={(event) => void onFile(event)}
            disabled={disabled || uploading}
            tabIndex={-1}
            aria-hidden="true"
            className="hidden"
          />
          {/* The visible button is the control (a bare file input cannot be styled or labelled well). */}
          <Button
            id={id}
            name="logoFileId"
            variant="outline"
            size="sm"
            disabled={disabled || uploading}
            onClick={() => inputRef.current?.click()}
            aria-invalid={shownError ? true : undefined}
            aria-describedby={[hintId, shownError ? errorId : null].filter(Boolean).join(' ')}
          >
            {uploading ? (
              <>
                <ButtonSpinner />
                Uploading...
              </>
            ) : logo ? (
              'Replace logo'
            ) : (
              'Upload logo'
            )}
          </Button>
          {logo && !uploading && (
            <Button
              variant="ghost"
              size="sm"
              disabled={disabled}
              onClick={() => {
                setUploadError(null);
                onChange(null);
              }}
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" />
              Remove logo
            </Button>
          )}
        </div>
      </div>
      <p id={hintId} className="text-xs text-slate-600">
        PNG, JPEG or WebP, at most {MAX_MB} MB. It is shown square, up to {LOGO_OUTPUT_SIZE_PX} px.
        {source && <span className="block text-brand-700">{source}</span>}
      </p>
      {uploading && (
        <p role="status" className="sr-only">
          Uploading logo
        </p>
      )}
      {shownError && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {shownError}
        </p>
      )}
    </div>
  );
}
