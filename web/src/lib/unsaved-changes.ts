import { createContext, useCallback, useContext, useEffect, useState } from 'react';
import { modals } from '@mantine/modals';
import { useBlocker } from 'react-router';
import { i18next } from './i18n';

/**
 * One mechanism for every way out of unsaved work (issue 11): screens register whether they are dirty,
 * the app shell blocks route changes (links, browser Back) while any is, and Logout or a change of
 * institution ask through `confirmDiscard` first. A screen never keeps its own copy of the rule.
 */
export interface Entry {
  dirty: boolean;
  released: boolean;
}

/**
 * The entries registered inside one dialog (and inside dialogs opened from it): what closing that dialog
 * asks about. A clean dialog opened over a screen with unsaved results closes without asking, and
 * 'Discard' there throws away only the dialog's input.
 */
export interface UnsavedScope {
  entries: Set<Entry>;
  parent: UnsavedScope | null;
}

const entries = new Set<Entry>();
let pending: Promise<boolean> | null = null;
/** What a 'Discard' answer to the open question releases (every caller that shares it). */
const toRelease: Iterable<Entry>[] = [];

function setDirty(entry: Entry, dirty: boolean) {
  entry.dirty = dirty;
  // Clean again (saved and reset, or discarded): the next change is guarded again.
  if (!dirty) entry.released = false;
}
const releaseEntry = (entry: Entry) => {
  entry.released = true;
};
const dirtyIn = (list: Iterable<Entry>) => [...list].some((e) => e.dirty && !e.released);

/** True while a registered screen holds changes the user has not saved or discarded. */
export const hasUnsavedChanges = () => dirtyIn(entries);

const ScopeContext = createContext<UnsavedScope | null>(null);
/** Provided by the dialog shell: guards used inside it join its scope. */
export const UnsavedScopeProvider = ScopeContext.Provider;

/** A new scope inside the enclosing one (a dialog opened from a dialog belongs to both). */
export function useNewUnsavedScope(): UnsavedScope {
  const parent = useContext(ScopeContext);
  const [scope] = useState<UnsavedScope>(() => ({ entries: new Set(), parent }));
  return scope;
}

/** Keeps `entry` in `scope` and its enclosing scopes while mounted. */
export function useScopeMember(scope: UnsavedScope | null, entry: Entry | undefined) {
  useEffect(() => {
    if (!scope || !entry) return;
    const chain: UnsavedScope[] = [];
    for (let s: UnsavedScope | null = scope; s; s = s.parent) chain.push(s);
    chain.forEach((s) => s.entries.add(entry));
    return () => chain.forEach((s) => s.entries.delete(entry));
  }, [scope, entry]);
}

/**
 * Asks 'Discard unsaved changes?' when something is unsaved (resolves true at once otherwise): anything
 * registered, or only what is inside `scope`. Focus starts on Keep editing, so Enter or Escape keeps the
 * work. Calls made while the question is open share it (a second Escape does not stack a second dialog).
 */
export function confirmDiscard(scope?: UnsavedScope): Promise<boolean> {
  const among = scope ? scope.entries : entries;
  if (!dirtyIn(among)) return Promise.resolve(true);
  toRelease.push(among);
  if (pending) return pending;
  pending = new Promise<boolean>((resolve) => {
    let answered = false;
    const answer = (discard: boolean) => {
      if (answered) return;
      answered = true;
      pending = null;
      const released = toRelease.splice(0);
      if (discard) released.forEach((list) => [...list].forEach(releaseEntry));
      resolve(discard);
    };
    modals.openConfirmModal({
      title: i18next.t('unsaved.title', { ns: 'common' }),
      children: i18next.t('unsaved.text', { ns: 'common' }),
      labels: {
        confirm: i18next.t('unsaved.discard', { ns: 'common' }),
        cancel: i18next.t('unsaved.keep', { ns: 'common' }),
      },
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
  /** The registration itself: a dialog shell given this guard counts it as its own input. */
  entry: Entry;
}

/**
 * Registers a screen's dirty state with the shell's guard, and asks the browser before a reload or tab close.
 * Used inside a dialog (the shell's scope), it is part of what closing that dialog asks about.
 */
export function useUnsavedChangesGuard(dirty: boolean): UnsavedChangesGuard {
  // One mutable registration for the component's life: read by the guard outside React's rendering.
  const [entry] = useState<Entry>(() => ({ dirty, released: false }));
  const scope = useContext(ScopeContext);
  useScopeMember(scope, entry);

  useEffect(() => setDirty(entry, dirty), [entry, dirty]);

  useEffect(() => {
    entries.add(entry);
    return () => {
      entries.delete(entry);
    };
  }, [entry]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (entry.released) return;
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [entry, dirty]);

  const release = useCallback(() => releaseEntry(entry), [entry]);
  const confirmLeave = useCallback(() => confirmDiscard(scope ?? undefined), [scope]);
  return { confirmLeave, release, entry };
}

/**
 * Called once by the app shell: a route change (link, browser Back or Forward) while a screen is dirty
 * waits for the user's answer. Only one router blocker may exist, so screens never call useBlocker.
 */
export function useUnsavedChangesBlocker() {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      hasUnsavedChanges() &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
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
