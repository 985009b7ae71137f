import { ETHICS_DOCUMENT_MAX_BYTES, type EthicsDocumentInput } from '../../../contract/distribution.contract';
import { MSG } from '../../../contract/messages';
import { distributionErrors } from './distribution.errors';

// The checks of an uploaded document (issue 32): the ethics approval of a protocol and a request's material
// transfer agreement are both checked here, then stored by distribution.repository.ts's insertDocument.

/**
 * The request body of an upload (the ethics document, a request's agreement): base64 in JSON, so 5 MB of bytes is
 * 6.7 MB of base64 (4/3), plus the file name, the signed date and the JSON around it; 7 MB bounds it.
 */
export const DOCUMENT_BODY_LIMIT = 7 * 1024 * 1024;

/** Settles after the loop's next turn: a 5 MB document's steps do not run in one stretch. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
const MAGIC: Record<EthicsDocumentInput['contentType'], { bytes: number[]; name: string; notOfType: string }> = {
  'application/pdf': { bytes: [0x25, 0x50, 0x44, 0x46], name: 'PDF', notOfType: MSG.notPdf },
  'image/png': { bytes: [0x89, 0x50, 0x4e, 0x47], name: 'PNG', notOfType: MSG.notPng },
  'image/jpeg': { bytes: [0xff, 0xd8, 0xff], name: 'JPEG', notOfType: MSG.notJpeg },
};

/** The bytes `data` (base64) holds, without the scans a regular expression makes over 7 MB: null when not base64. */
function decodedBase64(data: string): Buffer | null {
  const bytes = Buffer.from(data, 'base64');
  // Node skips what is not base64 as it decodes: a string that was all base64 decodes to exactly this many bytes.
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  if (data.length % 4 === 1 || bytes.length !== Math.floor((data.length * 3) / 4) - padding) return null;
  // The one case the length cannot tell: '=' inside the text (Node stops there), checked where it is cheap.
  const firstPad = data.indexOf('=');
  return firstPad !== -1 && firstPad < data.length - padding ? null : bytes;
}

/** The uploaded bytes (an ethics document, a material transfer agreement): base64 (a data URL's prefix dropped), at most 5 MB, and of the type declared. */
export function documentBytes(input: EthicsDocumentInput, what: string) {
  const data = input.data.replace(/^data:[\w.+/-]+;base64,/, '');
  // Line-wrapped base64 (76 characters a line, as some tools write it): its line breaks are dropped first.
  const bytes = decodedBase64(data) ?? decodedBase64(data.replace(/\s+/g, ''));
  if (!bytes) throw distributionErrors.document_not_base64(what, { data: [MSG.notBase64] });
  if (!bytes.length) throw distributionErrors.document_empty(what, { data: [MSG.emptyFile] });
  if (bytes.length > ETHICS_DOCUMENT_MAX_BYTES)
    throw distributionErrors.document_too_large(what, ETHICS_DOCUMENT_MAX_BYTES / 1024 / 1024, {
      data: [MSG.tooLarge],
    });
  const magic = MAGIC[input.contentType];
  if (!magic.bytes.every((b, i) => bytes[i] === b))
    throw distributionErrors.document_type(magic.name, { data: [magic.notOfType] });
  return bytes;
}
