import { useRef, useState } from 'react';
import type { FieldErrors } from './form-errors.js';

/**
 * A form of text fields validated the way react-hook-form does by default: nothing is checked until
 * the first submit, then every change is checked again as the person corrects it. Errors are shown
 * next to their fields, and the first invalid field (in the order of `initial`) gets the focus.
 */
export function useValidatedForm<Field extends string>(
  initial: Record<Field, string>,
  validate: (values: Record<Field, string>) => FieldErrors<Field>,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const submitted = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);

  const showErrors = (found: FieldErrors<Field>) => {
    setErrors(found);
    const first = (Object.keys(initial) as Field[]).find((field) => found[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  return {
    /** Goes on the <form>, so the first invalid field can be focused. */
    formRef,
    values,
    errors,
    /** The change handler of one field. */
    set: (field: Field) => (value: string) => {
      const next = { ...values, [field]: value };
      setValues(next);
      if (submitted.current) setErrors(validate(next));
    },
    /** On submit: checks every field and shows what is wrong; true when the form may be sent. */
    validateAll: () => {
      submitted.current = true;
      const found = validate(values);
      showErrors(found);
      return Object.keys(found).length === 0;
    },
    /** Errors the server found, shown as the form's own. */
    showErrors,
    /** Back to the initial values, unchecked, after the form was sent. */
    reset: () => {
      submitted.current = false;
      setValues(initial);
      setErrors({});
    },
  };
}
