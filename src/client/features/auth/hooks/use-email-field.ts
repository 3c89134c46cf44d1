import { useState } from 'react';
import { emailOnlySchema } from '../../../../shared/api/auth.js';
import { zodFieldErrors } from '../../../lib/form-errors.js';

/** A form with one e-mail field (forgot password, resend verification): its value, its error and its check. */
export function useEmailField(initial = '') {
  const [email, setEmail] = useState(initial);
  const [error, setError] = useState<string | undefined>(undefined);
  return {
    email,
    setEmail,
    error,
    setError,
    /** On submit: the address to send, or null after showing what is wrong with it. */
    check: (): string | null => {
      const parsed = emailOnlySchema.safeParse({ email });
      if (!parsed.success) {
        setError(zodFieldErrors<'email'>(parsed.error).email);
        return null;
      }
      setError(undefined);
      return parsed.data.email;
    },
  };
}
