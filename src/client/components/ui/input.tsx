import type { InputHTMLAttributes, LabelHTMLAttributes, SelectHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.js';

/**
 * Border, focus ring and text of every text control. An invalid control (aria-invalid) is red whether
 * or not it has the focus: the attribute variants outrank the plain border colour, which a class merely
 * added after it would not.
 */
export const controlSurface =
  'rounded-lg border border-slate-300 bg-white text-sm text-slate-900 shadow-xs placeholder:text-slate-500 ' +
  'focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600/40 ' +
  'aria-invalid:border-red-500 aria-invalid:focus-visible:border-red-600 aria-invalid:focus-visible:outline-red-600/40';

const field = `h-10 w-full px-3 ${controlSurface}`;

export function Input({ className, ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return <input className={cn(field, className)} {...props} />;
}

export function Select({ className, ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return <select className={cn(field, 'cursor-pointer pr-8', className)} {...props} />;
}

export function Label({ className, ...props }: LabelHTMLAttributes<HTMLLabelElement>) {
  return <label className={cn('text-sm font-medium text-slate-700', className)} {...props} />;
}
