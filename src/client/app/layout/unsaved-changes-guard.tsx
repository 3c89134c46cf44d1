import { lazy, Suspense, useEffect, useRef } from 'react';
import { useBlocker, useLocation } from 'react-router';
import { isLeavingForm } from '../../../shared/rules/layout.js';
import {
  hasUnsavedChanges,
  setUnsavedChanges,
  useHasUnsavedChanges,
  useUnloadWarning,
} from '../../lib/unsaved-changes.js';

// The dialog (and Radix) loads only when a navigation is blocked, keeping it out of the first download.
const UnsavedChangesDialog = lazy(() => import('./unsaved-changes-dialog.js'));

/**
 * Spec sections 2 and 4: with unsaved changes, navigating away from the form's page opens the
 * "Unsaved Changes" dialog; moving between /submit-agent pages is free. Leaving clears the dirty state.
 * React Router allows one blocker at a time, so this is the only one: forms only set the flag.
 */
export function UnsavedChangesGuard() {
  const { pathname } = useLocation();
  const unsaved = useHasUnsavedChanges();

  // Read the flag when the navigation happens, not from this render: a form that has just saved clears
  // it and navigates in the same tick, before React renders this guard again.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      hasUnsavedChanges() && isLeavingForm(currentLocation.pathname, nextLocation.pathname),
  );

  useUnloadWarning(unsaved);

  const previousPathname = useRef(pathname);
  useEffect(() => {
    if (isLeavingForm(previousPathname.current, pathname)) setUnsavedChanges(false);
    previousPathname.current = pathname;
  }, [pathname]);

  if (blocker.state !== 'blocked') return null;
  return (
    <Suspense fallback={null}>
      <UnsavedChangesDialog
        onCancel={() => blocker.reset()}
        onLeave={() => {
          setUnsavedChanges(false);
          blocker.proceed();
        }}
      />
    </Suspense>
  );
}
