import { defineErrors } from '../../platform/errors';
import { MSG } from '../../../contract/messages';

/** Wait in words: seconds under 90, minutes above. */
const inWords = (seconds: number) =>
  seconds < 90 ? plural(seconds, 'second') : plural(Math.ceil(seconds / 60), 'minute');
/** '1 minute', '30 minutes' (issue 26: not '1 minutes'). */
export const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/**
 * The auth module's errors: code `auth.<key>`, status, human title (English; other languages translate the
 * code in contract/i18n/<language>.ts `problems`, with `text`'s values). A wrong user name, a wrong password
 * and a disabled account are one `invalid_credentials`, so a sign-in does not tell which accounts exist.
 */
export const authErrors = defineErrors('auth', {
  invalid_credentials: { status: 401, title: MSG.badLogin },
  throttled: {
    status: 429,
    title: (seconds: number) => `Too many failed sign-in attempts. Try again in ${inWords(seconds)}.`,
    retryAfter: (seconds: number) => seconds,
    text: (seconds: number) =>
      seconds < 90
        ? { variant: 'seconds', values: { seconds } }
        : { variant: 'minutes', values: { minutes: Math.ceil(seconds / 60) } },
  },
  session_expired: { status: 401, title: 'Your session has expired. Sign in again.' },
  session_idle: {
    status: 401,
    title: (idleMinutes: number) =>
      `Your session ended after ${plural(idleMinutes, 'minute')} without activity. Sign in again.`,
    text: (idleMinutes: number) => ({ values: { minutes: idleMinutes } }),
  },
  old_password_wrong: { status: 400, title: MSG.oldPasswordWrong },
});
