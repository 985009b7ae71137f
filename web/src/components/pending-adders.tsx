import { createContext, useCallback, useContext, useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useUnsavedChangesGuard } from '@/lib/unsaved-changes';

/**
 * The one rule for 'adder' rows (a phone number, a site MRN, ... typed next to an Add button):
 * a form is not submitted while an adder holds a typed entry that was not added. The adder shows why
 * next to the entry and takes focus; nothing is saved without it silently (issue 11). Choosing to
 * block rather than add on submit keeps one way to add, with its own checks (type, format, duplicates).
 */
interface Adder {
  pending: () => boolean;
  flag: () => void;
}
type Registry = Set<{ current: Adder }>;

const PendingAddersContext = createContext<Registry | null>(null);

/** Provided by a form shell (FullScreenForm); `blockedByAdders` is what its submit asks first. */
export function PendingAddersProvider({ registry, children }: { registry: Registry; children: ReactNode }) {
  return <PendingAddersContext.Provider value={registry}>{children}</PendingAddersContext.Provider>;
}

export const newAdderRegistry = (): Registry => new Set();

/** True (and every pending adder flagged, the first focused) when some adder holds a typed entry. */
export function blockedByAdders(registry: Registry): boolean {
  const pending = [...registry].filter((a) => a.current.pending());
  pending.forEach((a) => a.current.flag());
  return pending.length > 0;
}

/**
 * Used by every adder row: `pending` says an entry is typed but not added, `flag` shows the message
 * 'Press Add to add it, or clear it' and focuses it. A pending entry is also an unsaved change.
 */
export function usePendingAdder(pending: boolean, flag: () => void) {
  const registry = useContext(PendingAddersContext);
  const adder = useRef<Adder>({ pending: () => pending, flag });
  useEffect(() => {
    adder.current = { pending: () => pending, flag };
  });
  useEffect(() => {
    if (!registry) return;
    registry.add(adder);
    return () => {
      registry.delete(adder);
    };
  }, [registry]);
  useUnsavedChangesGuard(pending);
}

/**
 * Focus for adder rows (issue 28 item 6): 'Add Phone Number', ADD and Cancel hide the button pressed, so
 * `focusNext(ref)` moves focus to what the row shows next (its first field, the button that opens it
 * again) once that has rendered, instead of leaving it on the page.
 */
export function useFocusNext() {
  const next = useRef<RefObject<HTMLElement | null> | null>(null);
  useEffect(() => {
    if (!next.current?.current) return;
    next.current.current.focus();
    next.current = null;
  });
  return useCallback((target: RefObject<HTMLElement | null>) => {
    next.current = target;
  }, []);
}
