import { initials } from '../../../shared/rules/display-name.js';
import { cn } from '../../lib/cn.js';

const palette = [
  'bg-brand-600',
  'bg-emerald-700',
  'bg-sky-700',
  'bg-rose-700',
  'bg-amber-700',
  'bg-violet-700',
  'bg-teal-700',
];

function colorFor(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return palette[hash % palette.length] ?? 'bg-brand-600';
}

interface AvatarProps {
  name: string;
  imageUrl?: string | null | undefined;
  size?: number;
  className?: string;
  rounded?: 'full' | 'xl';
}

/** A logo or photo, or the initials of the name (spec section 3: max 2 letters, "?" when empty). */
export function Avatar({ name, imageUrl, size = 40, className, rounded = 'full' }: AvatarProps) {
  const shape = rounded === 'full' ? 'rounded-full' : 'rounded-xl';
  if (imageUrl) {
    return (
      <img
        src={imageUrl}
        alt={`${name} logo`}
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        className={cn('shrink-0 bg-white object-cover ring-1 ring-slate-200', shape, className)}
        style={{ width: size, height: size }}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex shrink-0 items-center justify-center font-semibold text-white',
        shape,
        colorFor(name),
        className,
      )}
      style={{ width: size, height: size, fontSize: Math.max(11, Math.round(size * 0.38)) }}
    >
      {initials(name)}
    </span>
  );
}
