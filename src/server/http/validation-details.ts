import type { ErrorDetails } from '../../shared/api/errors.js';

/** What a validation issue needs to be reported: where it is and what is wrong (a zod issue is one). */
export interface ValidationIssue {
  readonly path: ReadonlyArray<PropertyKey>;
  readonly message: string;
  /** zod's issue code; `unrecognized_keys` comes with the `keys` a strict object refused. */
  readonly code?: string;
  readonly keys?: ReadonlyArray<string>;
}

/** The message of a field a strict request body does not have (unknown fields are refused). */
export const UNKNOWN_FIELD = 'Unknown field';

/**
 * Validation issues as the `details` of a 400 answer. The one key rule of the whole API: the dotted
 * path of the field (`name`, `tags.2`), or `emptyPathKey` (`request` unless the caller names the part
 * of the request) when the issue is about the whole value. A message is listed once per key. A field
 * a strict body does not know is keyed by its own path (`role`, `owner.role`), so the client sees which.
 */
export function validationDetails(issues: Iterable<ValidationIssue>, emptyPathKey = 'request'): ErrorDetails {
  const details: ErrorDetails = {};
  const add = (path: ReadonlyArray<PropertyKey>, message: string) => {
    const field = path.map(String).join('.') || emptyPathKey;
    const messages = (details[field] ??= []);
    if (!messages.includes(message)) messages.push(message);
  };
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys' && issue.keys?.length) {
      for (const key of issue.keys) add([...issue.path, key], UNKNOWN_FIELD);
    } else add(issue.path, issue.message);
  }
  return details;
}
