import type { ReactNode } from 'react';

/**
 * A plain value (a date, a time, a code, a number, a name) isolated from the text around it: in a right-to-left
 * language the bidi algorithm would otherwise reorder its parts ('1990-06-01 14:05' read as '14:05 1990-06-01').
 * A value with letters takes its own direction (`<bdi>`: a Latin code left-to-right, an Arabic name
 * right-to-left); one without (dates, times, numbers) is left-to-right. Elements (badges, links, buttons) are
 * left as they are. The tables' and cards' one place for it (PagedTable, PagedCards).
 */
export const isolated = (value: ReactNode): ReactNode =>
  typeof value === 'string' || typeof value === 'number' ? (
    <bdi dir={/\p{L}/u.test(String(value)) ? 'auto' : 'ltr'}>{value}</bdi>
  ) : (
    value
  );
