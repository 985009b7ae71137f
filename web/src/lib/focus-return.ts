/**
 * Focus goes back to where the user was when a dialog closes (issue 28 item 6): to the button that
 * opened it, or, when that button is gone (the dialog replaced a loading one, the row re-rendered), to
 * the last control the user used outside any dialog. The page's heading takes focus after a navigation
 * (use-focus-heading.ts) only when nothing was given back here.
 */

const DIALOG = '[role="dialog"]';
/** Popups that close as a dialog opens from them: their trigger is what the user pressed. */
const POPUP = '[role="menu"], [role="listbox"]';

/** A menu item or option stands for the button that opened its menu (aria-controls names the menu). */
function lasting(el: HTMLElement): HTMLElement {
  const popup = el.closest<HTMLElement>(POPUP);
  if (!popup?.id) return el;
  return document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(popup.id)}"]`) ?? el;
}

/** The last element focused outside every dialog: the fallback when the opener itself is gone. */
let lastOutside: HTMLElement | null = null;
/** The element focus was last given back to, until it loses focus. */
let returnedTo: HTMLElement | null = null;

if (typeof document !== 'undefined') {
  document.addEventListener('focusin', (event) => {
    const target = event.target;
    if (target instanceof HTMLElement && target !== document.body && !target.closest(DIALOG))
      lastOutside = lasting(target);
  });
}

/** What has focus as a dialog opens: the element to give focus back to when it closes. */
export function focusedElement(): HTMLElement | null {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? lasting(active) : null;
}

const usable = (el: HTMLElement | null): el is HTMLElement =>
  el !== null &&
  el.isConnected &&
  !el.closest('[inert], [aria-hidden="true"]') &&
  el.getClientRects().length > 0 &&
  !el.matches(':disabled');

/**
 * Gives focus back after a dialog closed. Nothing happens when focus already sits on a live control
 * outside the dialogs (the close itself moved it on purpose) or another dialog is open.
 */
export function returnFocus(opener: HTMLElement | null) {
  const active = document.activeElement;
  const lost = !active || active === document.body || !active.isConnected || active.closest(DIALOG) !== null;
  if (!lost) return;
  const target = usable(opener) ? opener : usable(lastOutside) ? lastOutside : null;
  if (!target) return;
  // Another dialog still open (one opened over this one) keeps focus inside it.
  const openDialog = document.querySelector(`${DIALOG}[aria-modal="true"]`);
  if (openDialog && !openDialog.contains(target)) return;
  target.focus({ preventScroll: true });
  if (document.activeElement !== target) return;
  returnedTo = target;
  target.addEventListener(
    'blur',
    () => {
      if (returnedTo === target) returnedTo = null;
    },
    { once: true },
  );
}

/** True when `el` has focus because a dialog gave it back: the page heading then leaves it alone. */
export const focusWasReturned = (el: Element | null) => el !== null && el === returnedTo;

/**
 * The focusout handler of a dialog. A control that turns disabled while it has focus (a Button while busy) drops focus
 * to the page's body, outside the dialog, where its Escape and focus trap no longer reach: focus goes to the dialog
 * itself, and back to the control once it is enabled again (unless the user has moved on).
 */
export function holdFocusInDialog(event: { currentTarget: HTMLElement; target: EventTarget; relatedTarget: unknown }) {
  const lost = event.target;
  // A nested dialog's events bubble here through React's tree: only this dialog's own elements count.
  if (event.relatedTarget !== null || !(lost instanceof HTMLElement) || !event.currentTarget.contains(lost)) return;
  const dialog = lost.closest<HTMLElement>(DIALOG);
  if (!dialog) return;
  // focusout runs before focus has moved on: look once it has.
  setTimeout(() => {
    const active = document.activeElement;
    if (!dialog.isConnected || (active !== null && active !== document.body)) return;
    dialog.focus({ preventScroll: true });
    const back = new MutationObserver(() => {
      if (document.activeElement !== dialog || !lost.isConnected) back.disconnect();
      else if (!lost.matches(':disabled')) {
        back.disconnect();
        lost.focus({ preventScroll: true });
      }
    });
    back.observe(lost, { attributes: true, attributeFilter: ['disabled'] });
  });
}
