import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { focusWasReturned } from './focus-return';

/** How long to wait for a lazily loaded page (and its data) to show its heading. */
const WAIT_FOR_HEADING_MS = 8000;
/** A field that took focus itself (autofocus, a search box being typed in) keeps it. */
const FIELD = 'input, textarea, select, [contenteditable="true"]';

/**
 * After sign-in and every in-app navigation (a new path or a new institution), focus moves to the page's
 * <h1> inside the element `mainId`, so a screen-reader or keyboard user starts at the new page, not at the
 * link they left behind. The first load of the app leaves focus alone (the skip link comes first), and an
 * open dialog (full-screen forms open over their list), a field that focused itself, or the button a closed
 * dialog gave focus back to keeps its focus.
 */
export function useFocusHeading(mainId: string, viewKey: unknown) {
  const location = useLocation();
  // The view the app was loaded on: 'default' is React Router's key for the first entry of the session.
  const [initialView] = useState(viewKey);
  const firstLoad = location.key === 'default' && viewKey === initialView;
  // Read, not a dependency: the first navigation that changes only the query (?event=, a page number) must
  // not count as a new page and take focus from the control the user is working with.
  const firstLoadRef = useRef(firstLoad);
  useEffect(() => {
    firstLoadRef.current = firstLoad;
  }, [firstLoad]);

  useEffect(() => {
    const firstLoad = firstLoadRef.current;
    const main = document.getElementById(mainId);
    if (firstLoad || !main) return;
    let frame = 0;
    const observer = new MutationObserver(() => schedule());
    const timer = setTimeout(() => stop(), WAIT_FOR_HEADING_MS);
    function stop() {
      observer.disconnect();
      clearTimeout(timer);
      cancelAnimationFrame(frame);
    }
    // Checked once per frame, after React has committed: a dialog rendered with the page has focus by then.
    function attempt() {
      frame = 0;
      // Only a shown heading: while the next page loads, Suspense keeps the last one mounted but hidden.
      const heading = [...main!.querySelectorAll<HTMLElement>('h1')].find((h) => h.getClientRects().length > 0);
      if (!heading) return;
      stop();
      focusUnlessBusy(heading);
    }
    function schedule() {
      if (!frame) frame = requestAnimationFrame(attempt);
    }
    observer.observe(main, { childList: true, subtree: true, attributes: true, attributeFilter: ['style'] });
    schedule();
    return stop;
  }, [mainId, location.pathname, viewKey]);
}

function focusUnlessBusy(heading: HTMLElement) {
  if (document.querySelector('[role="dialog"][aria-modal="true"]')) return;
  if (document.activeElement?.matches(FIELD)) return;
  // A dialog that closed by navigating (/patients/new back to /patients) gave focus back to its opener.
  if (focusWasReturned(document.activeElement)) return;
  heading.tabIndex = -1;
  heading.dataset.focusTarget = '';
  heading.focus();
}
