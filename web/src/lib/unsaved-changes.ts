import { useCallback, useEffect, useRef } from 'react';
import { modals } from '@mantine/modals';
import { useBlocker } from 'react-router';

/**
 * One mechanism for every way out of unsaved work (issue 11): screens register whether they are dirty,
 * the app shell blocks route changes (links, browser Back) while any is, and Logout or a change of
 * institution ask through `confirmDiscard` first. A screen never keeps its own copy of the rule.
 */
interface Entry { dirty: boolean; released: boolean }

const entries = new Set<Entry>();
let pending: Promise<boolean> | null = null;

/** True while a registered screen holds changes the user has not saved or discarded. */
export const hasUnsavedChanges = () => [...entries].some((e) => e.dirty && !e.released);

const releaseAll = () => entries.forEach((e) => { e.released = true; });

/**
 * Asks 'Discard unsaved changes?' when something is unsaved (resolves true at once otherwise).
 * Focus starts on Keep editing, so Enter or Escape keeps the work. Calls made while the question is
 * open share it (a second Escape does not stack a second dialog).
 */
export function confirmDiscard(): Promise<boolean> {
  if (!hasUnsavedChanges()) return Promise.resolve(true);
  if (pending) return pending;
  pending = new Promise<boolean>((resolve) => {
    let answered = false;
    const answer = (discard: boolean) => {
      if (answered) return;
      answered = true;
      pending = null;
      if (discard) releaseAll();
      resolve(discard);
    };
    modals.openConfirmModal({
      title: 'Discard unsaved changes?',
      children: 'What you typed here has not been saved. If you discard it, it is lost.',
      labels: { confirm: 'Discard', cancel: 'Keep editing' },
      confirmProps: { color: 'red' },
      cancelProps: { 'data-autofocus': true } as Record<string, unknown>,
      transitionProps: { duration: 0 },
      zIndex: 400,
      onConfirm: () => answer(true),
      onCancel: () => answer(false),
      onClose: () => answer(false),
    });
  });
  return pending;
}

export interface UnsavedChangesGuard {
  /** Ask before a close the screen itself offers (Escape, the close button); resolves true to go on. */
  confirmLeave: () => Promise<boolean>;
  /** After a successful save: the next way out does not ask (the values are saved, only not yet reset). */
  release: () => void;
}

/** Registers a screen's dirty state with the shell's guard, and asks the browser before a reload or tab close. */
export function useUnsavedChangesGuard(dirty: boolean): UnsavedChangesGuard {
  const entry = useRef<Entry>({ dirty, released: false });

  useEffect(() => {
    const e = entry.current;
    e.dirty = dirty;
    // Clean again (saved and reset, or discarded): the next change is guarded again.
    if (!dirty) e.released = false;
  }, [dirty]);

  useEffect(() => {
    const e = entry.current;
    entries.add(e);
    return () => { entries.delete(e); };
  }, []);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (entry.current.released) return;
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const release = useCallback(() => { entry.current.released = true; }, []);
  return { confirmLeave: confirmDiscard, release };
}

/**
 * Called once by the app shell: a route change (link, browser Back or Forward) while a screen is dirty
 * waits for the user's answer. Only one router blocker may exist, so screens never call useBlocker.
 */
export function useUnsavedChangesBlocker() {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => hasUnsavedChanges()
    && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search));
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirmDiscard().then((discard) => (discard ? blocker.proceed() : blocker.reset()));
  }, [blocker]);
}

/**
 * A form differs from the values it started with (or was last reset to with `setInitialValues`).
 * Compared by value, not through mantine-form's per-field dirty flags, which miss list edits.
 */
export function formChanged(form: { getValues: () => unknown; getInitialValues: () => unknown }): boolean {
  return JSON.stringify(form.getValues()) !== JSON.stringify(form.getInitialValues());
}
