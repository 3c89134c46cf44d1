import type { z } from 'zod';
import type { ErrorDetails } from '../../shared/api/errors.js';

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

/** The first message of each field, from a failed zod parse. */
export function zodFieldErrors<K extends string>(error: z.ZodError): FieldErrors<K> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in errors)) errors[field] = issue.message;
  }
  return errors as FieldErrors<K>;
}

/**
 * The server keys `details` by the dotted path of what failed (`tags.2` for the third tag); a form shows the
 * messages under the field the path starts with.
 */
export function detailsByField(details: ErrorDetails | undefined): ErrorDetails {
  const byField: ErrorDetails = {};
  for (const [path, messages] of Object.entries(details ?? {})) {
    const field = path.split('.')[0] ?? path;
    const merged = (byField[field] ??= []);
    for (const message of messages) if (!merged.includes(message)) merged.push(message);
  }
  return byField;
}

/** The first message of each field the server named in `details`. */
export function serverFieldErrors<K extends string>(
  details: ErrorDetails | undefined,
  rename: Partial<Record<string, K>> = {},
): FieldErrors<K> {
  const errors: Record<string, string> = {};
  for (const [field, messages] of Object.entries(detailsByField(details))) {
    const message = messages[0];
    if (message) errors[rename[field] ?? field] = message;
  }
  return errors as FieldErrors<K>;
}
