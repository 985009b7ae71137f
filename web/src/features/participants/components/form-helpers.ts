import type { FormErrors } from '@mantine/form';

/** Bring the first invalid field into view and focus it (keyboard users land where the problem is). */
export function focusFirstError(errors: FormErrors) {
  const first = Object.keys(errors)[0];
  if (!first) return;
  const node = document.querySelector<HTMLElement>(`[data-path="${first}"]`) ?? document.getElementById(`${first}-picker`);
  node?.scrollIntoView({ block: 'center' });
  node?.focus();
}

/** After a failed save the server's title shows above the form: scroll the full-screen form back to it. */
export function scrollFormToTop(bodyId: string) {
  const scroller = document.getElementById(bodyId)?.closest('.mantine-Modal-content');
  if (scroller) scroller.scrollTo({ top: 0, behavior: 'auto' });
}
