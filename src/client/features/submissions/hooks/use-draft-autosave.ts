import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { DRAFT_AUTOSAVE_DEBOUNCE_MS } from '../../../../shared/limits.js';
import { toDraftFields, type AgentFormValues } from '../../../components/agent-form/agent-form-values.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { isApiError } from '../../../lib/request.js';
import { toast } from '../../../lib/toast.js';
import { useUnsavedChangesFlag } from '../../../lib/unsaved-changes.js';
import { createDraft } from '../api/create-draft.js';
import { updateDraft } from '../api/update-draft.js';

export type SaveState = 'idle' | 'saving' | 'saved' | 'error';

interface Options {
  initialValues: AgentFormValues;
  initialDraftId: number | null;
  /** Told once, when the first change created the draft (the page puts the id in the URL). */
  onDraftCreated: (id: number) => void;
}

/**
 * The form is a draft from its first change (POST /api/drafts); afterwards every change is saved with PUT,
 * DRAFT_AUTOSAVE_DEBOUNCE_MS after the typing stops, or at once through `flush` (on a step change, before
 * submitting). Saves run one at a time, each with the latest values; until one has stored the latest
 * change, the app-wide unsaved-changes flag is up.
 */
export function useDraftAutosave({ initialValues, initialDraftId, onDraftCreated }: Options) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState(initialValues);
  const [saveState, setSaveState] = useState<SaveState>(initialDraftId === null ? 'idle' : 'saved');
  const [unsaved, setUnsaved] = useState(false);
  const [draftId, setDraftId] = useState(initialDraftId);
  const valuesRef = useRef(initialValues);
  const draftIdRef = useRef(initialDraftId);
  const versionRef = useRef(0);
  const savedVersionRef = useRef(0);
  const chainRef = useRef<Promise<boolean>>(Promise.resolve(true));
  const timerRef = useRef<number | null>(null);
  const failedRef = useRef(false);
  const mountedRef = useRef(true);
  const onCreatedRef = useRef(onDraftCreated);
  useEffect(() => {
    onCreatedRef.current = onDraftCreated;
  }, [onDraftCreated]);

  useUnsavedChangesFlag(unsaved);

  useEffect(() => {
    mountedRef.current = true;
    return () => {
      mountedRef.current = false;
      if (timerRef.current !== null) window.clearTimeout(timerRef.current);
    };
  }, []);

  /** Set while the draft is being deleted: nothing may be saved into it any more. */
  const stoppedRef = useRef(false);

  const saveOnce = useCallback(async (): Promise<boolean> => {
    if (stoppedRef.current) return false;
    if (savedVersionRef.current >= versionRef.current) return !failedRef.current;
    const version = versionRef.current;
    const fields = toDraftFields(valuesRef.current);
    const creating = draftIdRef.current === null;
    if (mountedRef.current) setSaveState('saving');
    try {
      if (draftIdRef.current === null) {
        const draft = await createDraft(fields);
        draftIdRef.current = draft.id;
        if (mountedRef.current) setDraftId(draft.id);
        onCreatedRef.current(draft.id);
      } else {
        await updateDraft(draftIdRef.current, fields);
      }
      savedVersionRef.current = version;
      failedRef.current = false;
      void queryClient.invalidateQueries({ queryKey: queryKeys.submissions.drafts(), exact: true });
      if (mountedRef.current) {
        const current = savedVersionRef.current >= versionRef.current;
        setSaveState(current ? 'saved' : 'saving');
        if (current) setUnsaved(false);
      }
      return true;
    } catch (error) {
      // One toast per failure streak: a broken connection must not raise a toast per keystroke.
      if (!failedRef.current) {
        toast.error(creating ? 'Error creating draft' : 'Error updating draft', {
          description: isApiError(error) ? error.message : 'Please check your connection and try again.',
        });
      }
      failedRef.current = true;
      if (mountedRef.current) setSaveState('error');
      return false;
    }
  }, [queryClient]);

  /** Saves now whatever has not been saved yet; resolves to whether the latest values are stored. */
  const flush = useCallback((): Promise<boolean> => {
    if (timerRef.current !== null) {
      window.clearTimeout(timerRef.current);
      timerRef.current = null;
    }
    chainRef.current = chainRef.current.then(saveOnce, saveOnce);
    return chainRef.current;
  }, [saveOnce]);

  const update = useCallback(
    (patch: Partial<AgentFormValues>) => {
      const next = { ...valuesRef.current, ...patch };
      valuesRef.current = next;
      versionRef.current += 1;
      setValues(next);
      setUnsaved(true);
      // "Saved" must not show while a change waits for its debounced save.
      if (!failedRef.current) setSaveState('saving');
      if (timerRef.current !== null) window.clearTimeout(timerRef.current);
      timerRef.current = null;
      // The first change creates the draft at once, so its id is in the URL before anything else happens.
      if (draftIdRef.current === null && savedVersionRef.current === 0) {
        void flush();
        return;
      }
      timerRef.current = window.setTimeout(() => {
        timerRef.current = null;
        void flush();
      }, DRAFT_AUTOSAVE_DEBOUNCE_MS);
    },
    [flush],
  );

  /**
   * Before the draft is deleted: no further saves, and the one in flight has finished, so no PUT can
   * reach the server after the DELETE. `resume` undoes it when the deletion failed.
   */
  const stop = useCallback(async (): Promise<void> => {
    stoppedRef.current = true;
    if (timerRef.current !== null) {
      window.clearTimeout(timerRef.current);
      timerRef.current = null;
    }
    await chainRef.current.catch(() => false);
  }, []);

  const resume = useCallback(() => {
    stoppedRef.current = false;
    void flush();
  }, [flush]);

  /** The draft's id right now, also when it was created after the last render (inside `flush`). */
  const currentDraftId = useCallback(() => draftIdRef.current, []);

  return { values, update, flush, stop, resume, saveState, unsaved, draftId, currentDraftId };
}
