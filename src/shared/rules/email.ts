/** A deliberately simple address pattern (spec section 5: "a simple pattern"). */
export const SIMPLE_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(value: string): boolean {
  return SIMPLE_EMAIL_PATTERN.test(value);
}

/** Addresses compare case-insensitively and without surrounding white space. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}
