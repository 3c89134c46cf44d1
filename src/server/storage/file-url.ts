/** The public address of a stored file; files are served by the uploads routes under /uploads/. */
export const UPLOADS_URL_PREFIX = '/uploads/';

export function publicFileUrl(storageKey: string): string {
  return `${UPLOADS_URL_PREFIX}${storageKey}`;
}
