import { i18next } from './i18n';

/** Files another installation sent (manifests, receipts) are at most this large; the server's body limit is the same. */
const MAX_FILE_BYTES = 8 * 1024 * 1024;

/**
 * Reads a chosen file as a JSON object, or says why it is not one: larger than 8 MB, not JSON, or not an object.
 * `what` names the document ('shipment manifest') and `hint` which file to choose instead.
 */
export async function readJsonFile(file: File, what: string, hint: string): Promise<object> {
  if (file.size > MAX_FILE_BYTES) throw new Error(i18next.t('jsonFile.tooLarge', { ns: 'common', what }));
  let parsed: unknown;
  try {
    parsed = JSON.parse(await file.text());
  } catch {
    throw new Error(i18next.t('jsonFile.notJson', { ns: 'common', hint }));
  }
  if (!parsed || typeof parsed !== 'object')
    throw new Error(i18next.t('jsonFile.notObject', { ns: 'common', what, hint }));
  return parsed;
}
