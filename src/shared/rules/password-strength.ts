export type PasswordStrengthLabel = 'Weak' | 'Fair' | 'Good' | 'Strong';

export interface PasswordStrength {
  score: number;
  label: PasswordStrengthLabel;
}

export const PASSWORD_STRENGTH_HINT = 'Include uppercase letters, numbers and special characters.';

/** Spec section 5: 25 points each for length >= 8, an uppercase letter, a digit, a non-alphanumeric character. */
export function passwordStrength(password: string): PasswordStrength {
  let score = 0;
  if (password.length >= 8) score += 25;
  if (/[A-Z]/.test(password)) score += 25;
  if (/\d/.test(password)) score += 25;
  if (/[^A-Za-z0-9]/.test(password)) score += 25;
  const label: PasswordStrengthLabel =
    score <= 25 ? 'Weak' : score <= 50 ? 'Fair' : score <= 75 ? 'Good' : 'Strong';
  return { score, label };
}
