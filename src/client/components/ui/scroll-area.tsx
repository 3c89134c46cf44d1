import * as RadixScrollArea from '@radix-ui/react-scroll-area';
import type { ReactNode } from 'react';
import { SCROLL_AREA_HIDE_DELAY_MS } from '../../../shared/limits.js';
import { styleNonce } from '../../lib/style-nonce.js';

/** A scrolling region whose thin scrollbar hides 600 ms after scrolling stops (spec section 9). */
export function ScrollArea({
  maxHeight,
  label,
  children,
}: {
  maxHeight: number;
  label?: string;
  children: ReactNode;
}) {
  return (
    <RadixScrollArea.Root
      type="scroll"
      scrollHideDelay={SCROLL_AREA_HIDE_DELAY_MS}
      className="overflow-hidden"
    >
      <RadixScrollArea.Viewport
        style={{ maxHeight }}
        className="w-full"
        aria-label={label}
        tabIndex={0}
        nonce={styleNonce()}
      >
        {children}
      </RadixScrollArea.Viewport>
      <RadixScrollArea.Scrollbar orientation="vertical" className="flex w-2 touch-none p-0.5 select-none">
        <RadixScrollArea.Thumb className="relative flex-1 rounded-full bg-slate-300" />
      </RadixScrollArea.Scrollbar>
    </RadixScrollArea.Root>
  );
}
