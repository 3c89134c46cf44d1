import { lazy, Suspense, useSyncExternalStore, type CSSProperties } from 'react';
import type * as SonnerModule from 'sonner';
import type { ExternalToast } from 'sonner';
import { TOAST_DURATION_MS, TOAST_GAP_PX, TOAST_VISIBLE_MAX, TOAST_WIDTH_PX } from '../../shared/limits.js';

/**
 * Toasts without Sonner in the first download: Sonner (about 10 KB gzipped) is loaded with the first toast,
 * and its Toaster is mounted then. Sonner replays toasts created before the Toaster subscribed, so none are lost.
 */
type Sonner = typeof SonnerModule;
type Message = Parameters<Sonner['toast']>[0];
type Kind = 'message' | 'success' | 'error' | 'info' | 'warning';

/** Sonner's options, with the spec's one action button whose label defaults to "Action" (section 8). */
export type ToastData = Omit<ExternalToast, 'action'> & {
  action?: { label?: string; onClick: (event: React.MouseEvent<HTMLButtonElement>) => void };
};
const DEFAULT_ACTION_LABEL = 'Action';

let sonner: Promise<Sonner> | null = null;
let toasterRequested = false;
const listeners = new Set<() => void>();

function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import('sonner');
    toasterRequested = true;
    listeners.forEach((listener) => listener());
  }
  return sonner;
}

function show(kind: Kind, message: Message, options?: ToastData): void {
  const { action, ...rest } = options ?? {};
  const data: ExternalToast | undefined = action
    ? { ...rest, action: { label: action.label ?? DEFAULT_ACTION_LABEL, onClick: action.onClick } }
    : options && rest;
  void loadSonner().then(({ toast: sonnerToast }) => {
    if (kind === 'message') sonnerToast(message, data);
    else sonnerToast[kind](message, data);
  });
}

/** Same calls as Sonner's `toast`: plain, success, error (destructive), info, warning; each with title, description, action. */
export const toast = Object.assign((message: Message, data?: ToastData) => show('message', message, data), {
  success: (message: Message, data?: ToastData) => show('success', message, data),
  error: (message: Message, data?: ToastData) => show('error', message, data),
  info: (message: Message, data?: ToastData) => show('info', message, data),
  warning: (message: Message, data?: ToastData) => show('warning', message, data),
  dismiss: (id?: string | number) =>
    void loadSonner().then(({ toast: sonnerToast }) => sonnerToast.dismiss(id)),
});

/**
 * Spec section 9: bottom-right, 4000 ms, 3 visible, 356 px wide, 14 px gap, Alt+T, no rich colors.
 * The 45 px swipe threshold is Sonner's built-in value and not configurable.
 */
const toasterStyle = { '--width': `${TOAST_WIDTH_PX}px` } as CSSProperties;

const LazyToaster = lazy(async () => {
  const { Toaster } = await loadSonner();
  return {
    default: function AppToaster() {
      return (
        <Toaster
          position="bottom-right"
          duration={TOAST_DURATION_MS}
          visibleToasts={TOAST_VISIBLE_MAX}
          gap={TOAST_GAP_PX}
          hotkey={['altKey', 'KeyT']}
          richColors={false}
          theme="light"
          closeButton
          style={toasterStyle}
        />
      );
    },
  };
});

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Mounts the Toaster once the first toast asks for it. */
export function ToasterHost() {
  const requested = useSyncExternalStore(
    subscribe,
    () => toasterRequested,
    () => false,
  );
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  );
}
