/** Saves bytes the server sent (a CSV export, a PDF) under a file name, through a temporary link. */
export function saveFile(blob: Blob, fileName: string) {
  const href = URL.createObjectURL(blob);
  const a = Object.assign(document.createElement('a'), { href, download: fileName });
  document.body.append(a);
  a.click();
  a.remove();
  // Some browsers read the object URL after click() returns: revoke it a little later.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
