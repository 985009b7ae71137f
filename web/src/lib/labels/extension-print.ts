import { randomId } from '@mantine/hooks';

/**
 * The browser-extension print exchange (spec 2 §7 posts `zebra_print_label` and hears nothing back).
 * Each label message carries an `id`; an extension that printed it answers on the same window with
 * `{ type: 'zebra_print_label_ack', id, ok?: boolean, error?: string }`. Without answers within the
 * time limit we say no extension answered, never that the labels were printed (issue 11).
 */
export const EXTENSION_MESSAGE = 'zebra_print_label';
export const EXTENSION_ACK = 'zebra_print_label_ack';

/** Time limit for the extension's answers, from the build's config (VITE_PRINT_EXTENSION_TIMEOUT_MS). */
export const extensionTimeoutMs = (() => {
  const configured = Number(import.meta.env.VITE_PRINT_EXTENSION_TIMEOUT_MS);
  return configured > 0 ? configured : 3000;
})();

export interface ExtensionAnswer {
  answered: number;
  failed: string[];
}

interface Ack {
  type?: unknown;
  id?: unknown;
  ok?: unknown;
  error?: unknown;
}

/** Posts one message per ZPL label and resolves once every label is answered or the time limit passes. */
export function sendToExtension(
  formats: string[],
  url: string,
  timeoutMs = extensionTimeoutMs,
): Promise<ExtensionAnswer> {
  const ids = new Set(formats.map(() => randomId()));
  const failed: string[] = [];
  let answered = 0;
  return new Promise((resolve) => {
    const finish = () => {
      window.removeEventListener('message', onMessage);
      clearTimeout(timer);
      resolve({ answered, failed });
    };
    const onMessage = (event: MessageEvent) => {
      const ack = event.data as Ack | null;
      if (event.source !== window || ack?.type !== EXTENSION_ACK || typeof ack.id !== 'string' || !ids.delete(ack.id))
        return;
      answered += 1;
      if (ack.ok === false)
        // '' when the printer gave no reason: the caller says it in the screens' language.
        failed.push(typeof ack.error === 'string' ? ack.error : '');
      if (ids.size === 0) finish();
    };
    const timer = setTimeout(finish, timeoutMs);
    window.addEventListener('message', onMessage);
    [...ids].forEach((id, i) =>
      window.postMessage({ type: EXTENSION_MESSAGE, id, zpl: formats[i], url }, window.location.origin),
    );
  });
}
