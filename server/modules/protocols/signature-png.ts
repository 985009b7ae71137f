import { inflateSync } from 'node:zlib';
import { MAX_SIGNATURE_BYTES } from '../../../contract/protocol-participants.contract';
import { protocolErrors } from './protocols.errors';
import { MSG } from '../../../contract/messages';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };
const MAX_PIXELS = 4_000_000;

/**
 * The PNG bytes of a signature sent as a data URL or bare base64, refused when it is not a PNG, too
 * large, or blank: a pad nobody drew on gives an image whose pixels are all alike (all
 * transparent, or all one colour). Decodes 8-bit non-interlaced PNGs (what a canvas exports).
 */
export function signaturePng(value: string): Buffer {
  const base64 = value.trim().replace(/^data:image\/png;base64,/i, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) throw protocolErrors.signature_invalid({ signature: [MSG.sendPng] });
  const png = Buffer.from(base64, 'base64');
  if (png.length > MAX_SIGNATURE_BYTES)
    throw protocolErrors.signature_too_large(MAX_SIGNATURE_BYTES / 1024, { signature: [MSG.imageTooLarge] });
  if (!png.subarray(0, 8).equals(PNG_MAGIC)) throw protocolErrors.signature_invalid({ signature: [MSG.sendPng] });
  let pixels: { data: Buffer; width: number; height: number; bpp: number };
  try {
    pixels = decode(png);
  } catch {
    throw protocolErrors.signature_invalid({ signature: [MSG.pngUnreadable] });
  }
  if (isBlank(pixels)) throw protocolErrors.signature_blank({ signature: [MSG.drawSignature] });
  return png;
}

function decode(png: Buffer) {
  let pos = 8;
  let width = 0,
    height = 0,
    colour = -1,
    interlace = 0,
    depth = 0;
  const idat: Buffer[] = [];
  while (pos + 8 <= png.length) {
    const len = png.readUInt32BE(pos);
    const type = png.toString('latin1', pos + 4, pos + 8);
    const body = png.subarray(pos + 8, pos + 8 + len);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      depth = body[8];
      colour = body[9];
      interlace = body[12];
    } else if (type === 'IDAT') idat.push(body);
    else if (type === 'IEND') break;
    pos += 12 + len;
  }
  const channels = CHANNELS[colour];
  if (!channels || depth !== 8 || interlace !== 0 || !width || !height || width * height > MAX_PIXELS)
    throw new Error('unsupported PNG');
  const bpp = channels;
  const stride = width * bpp;
  const raw = inflateSync(Buffer.concat(idat), { maxOutputLength: (stride + 1) * height });
  if (raw.length !== (stride + 1) * height) throw new Error('truncated PNG');
  const data = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const out = y * stride;
    for (let x = 0; x < stride; x++) {
      const a = x >= bpp ? data[out + x - bpp] : 0;
      const b = y > 0 ? data[out - stride + x] : 0;
      const c = x >= bpp && y > 0 ? data[out - stride + x - bpp] : 0;
      let v = line[x];
      if (filter === 1) v += a;
      else if (filter === 2) v += b;
      else if (filter === 3) v += (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c,
          pa = Math.abs(p - a),
          pb = Math.abs(p - b),
          pc = Math.abs(p - c);
        v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      } else if (filter !== 0) throw new Error('bad filter');
      data[out + x] = v & 0xff;
    }
  }
  return { data, width, height, bpp };
}

/** Every pixel alike, or every pixel fully transparent. */
function isBlank({ data, bpp }: { data: Buffer; bpp: number }) {
  const hasAlpha = bpp === 2 || bpp === 4;
  let transparent = true;
  let uniform = true;
  for (let i = 0; i < data.length; i += bpp) {
    if (hasAlpha && data[i + bpp - 1] !== 0) transparent = false;
    if (uniform && data.compare(data, 0, bpp, i, i + bpp) !== 0) uniform = false;
    if (!transparent && !uniform) return false;
  }
  return (hasAlpha && transparent) || uniform;
}
