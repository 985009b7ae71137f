import { defineErrors } from '../../platform/errors';

/** The labels module's errors: code `labels.<key>`, status, human title (English; French in contract/i18n/fr.ts). */
export const labelErrors = defineErrors('labels', {
  printer_not_configured: {
    status: 409,
    title: 'No label printer is configured for this institution. Set its IP address in Setting > Printer.',
  },
  /** Two first saves of the printer at once: the other one won. */
  printer_just_set: { status: 409, title: 'The printer was just set by someone else. Reload and try again.' },
  /**
   * Every failure to print (refused, reset, unreachable, silent past the time limits, no confirmation):
   * one status and one message, answered when the time limit is over, so a print tells nothing about the
   * network beyond "it printed" (issue 26).
   */
  printer_unreachable: {
    status: 502,
    title: (at: string) =>
      `The printer at ${at} did not answer or did not confirm the labels. Check that it is switched on and on the network, and look for printed labels before printing again.`,
    text: (at: string) => ({ values: { at } }),
  },
  /** The saved printer's address or port is not allowed (saved before the rule, or a name resolving inside the server). */
  printer_not_allowed: {
    status: 409,
    title:
      "The printer setting of this institution is not allowed on this server (its address or port). An administrator sets the printer's address on the lab network in Setting > Printer.",
  },
});
