import { defineErrors } from '../../platform/errors';

/** The labels module's errors: code `labels.<key>`, status, human title. */
export const labelErrors = defineErrors('labels', {
  printer_not_configured: { status: 409, title: 'No label printer is configured for this institution. Set its IP address in Setting > Printer.' },
  /** Two first saves of the printer at once: the other one won. */
  printer_just_set: { status: 409, title: 'The printer was just set by someone else. Reload and try again.' },
  /** The printer refused, reset or could not be reached (502: the server is its gateway); `what` says how. */
  printer_unreachable: { status: 502, title: (at: string, what: string) => `The printer at ${at} ${what}` },
  /** The printer was silent past the connect or the total time limit. */
  printer_timeout: { status: 504, title: (at: string, what: string) => `The printer at ${at} ${what}` },
});
