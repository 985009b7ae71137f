import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
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

const MAGIC: Record<EthicsDocumentInput['contentType'], { bytes: number[]; name: string; notOfType: string }> = {
  'application/pdf': { bytes: [0x25, 0x50, 0x44, 0x46], name: 'PDF', notOfType: MSG.notPdf },
  'image/png': { bytes: [0x89, 0x50, 0x4e, 0x47], name: 'PNG', notOfType: MSG.notPng },
  'image/jpeg': { bytes: [0xff, 0xd8, 0xff], name: 'JPEG', notOfType: MSG.notJpeg },
};

/** Characters of base64 decoded per turn of the loop (a multiple of 4: each part decodes on its own). */
const PART_CHARS = 1024 * 1024;

/**
 * The bytes `data` (base64) holds and their SHA-256, decoded a part per turn of the loop (7 MB of base64 in one
 * call is 20 ms of loop on an idle machine, over 100 ms under load), without the scans a regular expression makes
 * over 7 MB: null when not base64.
 */
async function decodedBase64(data: string) {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  // The one case the length cannot tell: '=' inside the text (Node stops there).
  const firstPad = data.indexOf('=');
  if (data.length % 4 === 1 || (firstPad !== -1 && firstPad < data.length - padding)) return null;
  const expected = Math.floor((data.length * 3) / 4) - padding;
  const bytes = Buffer.alloc(expected);
  const hash = createHash('sha256');
  let written = 0;
  for (let from = 0; from < data.length; from += PART_CHARS) {
    await nextTurn();
    // Node skips what is not base64 as it decodes: text that was all base64 fills exactly `expected` bytes.
    const part = Buffer.from(data.slice(from, from + PART_CHARS), 'base64');
    if (written + part.length > expected) return null;
    part.copy(bytes, written);
    hash.update(part);
    written += part.length;
  }
  return written === expected ? { bytes, sha256: hash.digest('hex') } : null;
}

/**
 * The uploaded bytes (an ethics document, a material transfer agreement) and their SHA-256: base64 (a data URL's
 * prefix dropped), at most 5 MB, and of the type declared.
 */
export async function documentBytes(input: EthicsDocumentInput, what: string) {
  const data = input.data.replace(/^data:[\w.+/-]+;base64,/, '');
  // Line-wrapped base64 (76 characters a line, as some tools write it): its line breaks are dropped first.
  const decoded = (await decodedBase64(data)) ?? (await decodedBase64(data.replace(/\s+/g, '')));
  if (!decoded) throw distributionErrors.document_not_base64(what, { data: [MSG.notBase64] });
  const { bytes } = decoded;
  if (!bytes.length) throw distributionErrors.document_empty(what, { data: [MSG.emptyFile] });
  if (bytes.length > ETHICS_DOCUMENT_MAX_BYTES)
    throw distributionErrors.document_too_large(what, ETHICS_DOCUMENT_MAX_BYTES / 1024 / 1024, {
      data: [MSG.tooLarge],
    });
  const magic = MAGIC[input.contentType];
  if (!magic.bytes.every((b, i) => bytes[i] === b))
    throw distributionErrors.document_type(magic.name, { data: [magic.notOfType] });
  return decoded;
}
