import { notifications } from '@mantine/notifications';
import type { ArgsOf, EndpointDef } from '@contract/endpoint';
import { ApiError, errorTitle, callFile } from './api-client';

/** Saves bytes the page holds as a file the browser downloads under `filename`. */
export function saveBlob(blob: Blob, filename: string) {
  const href = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/**
 * Fetches a row's file answer with the session (manifests, FHIR bundles) and saves it under the name the server
 * gives, or `fallbackName`. A failure shows the server's problem title under `failTitle`; true when saved.
 */
export async function downloadCall<E extends EndpointDef>(
  e: E,
  args: ArgsOf<E>,
  fallbackName: string,
  failTitle: string,
): Promise<boolean> {
  return saveOrNotify(() => callFile(e, args, { notify: false }), fallbackName, failTitle);
}

async function saveOrNotify(
  fetchFile: () => Promise<{ blob: Blob; filename: string | null }>,
  fallbackName: string,
  failTitle: string,
) {
  try {
    const { blob, filename } = await fetchFile();
    saveBlob(blob, filename ?? fallbackName);
    return true;
  } catch (e) {
    // A 401 already went to the login page.
    if (!(e instanceof ApiError && e.status === 401)) {
      notifications.show({
        color: 'red',
        title: failTitle,
        message: errorTitle(e),
        autoClose: 5000,
      });
    }
    return false;
  }
}
