import type { FormErrors } from '@mantine/form';

/**
 * Bring the first invalid field (in screen order: the resolver lists errors in no useful order) into view
 * and focus it, so keyboard users land where the problem is.
 */
export function focusFirstError(errors: FormErrors) {
  const nodes = Object.keys(errors)
    .map((path) => document.querySelector<HTMLElement>(`[data-path="${path}"]`))
    .filter((n): n is HTMLElement => n !== null)
    .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  nodes[0]?.scrollIntoView({ block: 'center' });
  nodes[0]?.focus();
}

/** After a failed save the server's title shows above the form: scroll the full-screen form back to it. */
export function scrollFormToTop(bodyId: string) {
  const scroller = document.getElementById(bodyId)?.closest('.mantine-Modal-content');
  if (scroller) scroller.scrollTo({ top: 0, behavior: 'auto' });
}
