import { useEffect, useSyncExternalStore } from 'react';

/**
 * Spec sections 2 and 4: while a form has changes not yet saved to the server, leaving its page asks
 * first (the app layout's guard, the one router blocker) and closing the tab raises the browser's
 * unload warning. The /submit-agent form and the /edit-agent form both set the flag.
 */

let dirty = false;
const listeners = new Set<() => void>();

/** One app-wide flag: a form sets it while it holds changes the server has not stored yet. */
export function setUnsavedChanges(value: boolean): void {
  if (dirty === value) return;
  dirty = value;
  listeners.forEach((listener) => listener());
}

export function hasUnsavedChanges(): boolean {
  return dirty;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useHasUnsavedChanges(): boolean {
  return useSyncExternalStore(subscribe, hasUnsavedChanges, () => false);
}

/** Keeps the flag in step with a form's own notion of "unsaved" and clears it when the form goes away. */
export function useUnsavedChangesFlag(unsaved: boolean): void {
  useEffect(() => {
    setUnsavedChanges(unsaved);
  }, [unsaved]);
  useEffect(() => () => setUnsavedChanges(false), []);
}

/** The browser's own "Leave site?" prompt while there are unsaved changes on a form page. */
export function useUnloadWarning(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium builds show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [active]);
}
