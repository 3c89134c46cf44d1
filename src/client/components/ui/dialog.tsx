import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { cn } from '../../lib/cn.js';
import { Button } from './button.js';
import { Tooltip } from './tooltip.js';

export const DialogRoot = RadixDialog.Root;
export const DialogTitle = RadixDialog.Title;
export const DialogDescription = RadixDialog.Description;
export const DialogClose = RadixDialog.Close;

interface DialogContentProps extends ComponentPropsWithoutRef<typeof RadixDialog.Content> {
  children: ReactNode;
  /** Alerts have no close button: the person answers with one of the dialog's own buttons. */
  showClose?: boolean;
  /** The dialog's title, as every dialog shows it (clear of the close button). */
  heading?: ReactNode;
  /** The sentence under the title; Radix announces it as the dialog's description. */
  description?: ReactNode;
}

/** A centred modal over a dimmed page; scrolls inside on short screens (360 px wide phones included). */
export function DialogContent({
  className,
  children,
  showClose = true,
  heading,
  description,
  ...props
}: DialogContentProps) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50 backdrop-blur-[2px] data-[state=open]:animate-page-in" />
      <RadixDialog.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2',
          'overflow-y-auto rounded-2xl border border-slate-200 bg-white p-6 shadow-2xl outline-none',
          className,
        )}
        {...props}
      >
        {heading !== undefined && (
          <RadixDialog.Title className={cn('text-lg font-semibold text-slate-900', showClose && 'pr-8')}>
            {heading}
          </RadixDialog.Title>
        )}
        {description !== undefined && (
          <RadixDialog.Description className="mt-2 text-sm text-slate-600">
            {description}
          </RadixDialog.Description>
        )}
        {children}
        {showClose && (
          <Tooltip label="Close">
            <RadixDialog.Close
              className="absolute top-4 right-4 inline-flex h-8 w-8 cursor-pointer items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
              aria-label="Close"
            >
              <X className="h-4 w-4" aria-hidden="true" />
            </RadixDialog.Close>
          </Tooltip>
        )}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}

/**
 * A dialog's buttons: Cancel, then the dialog's own action (on phones stacked, the action on top).
 * Cancel closes through the dialog, so the dialog's onOpenChange decides; `busy` disables it meanwhile.
 */
export function DialogActions({
  busy,
  className,
  children,
}: {
  busy?: boolean | undefined;
  className?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}>
      <DialogClose asChild>
        <Button variant="outline" disabled={busy}>
          Cancel
        </Button>
      </DialogClose>
      {children}
    </div>
  );
}
