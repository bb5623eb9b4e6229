import sharp from 'sharp';
import type { UploadedImage } from '../../server/services/image-renditions';
import type { PortfolioSubmission } from '../../server/services/portfolio';

/** A small picture with a gradient-free colour block (fast to encode), in the given format. */
export async function picture(format: 'png' | 'jpeg' | 'webp', width = 640, height = 480, colour = '#2a7ab0'): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: colour } });
  return image[format]().toBuffer();
}

/** A JPEG carrying EXIF (camera, GPS-like comment), to prove re-encoding drops it. */
export async function jpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: '#884422' } })
    .withExif({ IFD0: { Copyright: 'Secret Owner', ImageDescription: 'Taken at 51.5N 0.12W', Make: 'PhoneCam' } })
    .jpeg()
    .toBuffer();
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A PNG whose header claims `width`×`height` (for example 50000×50000, a decompression bomb);
 * its pixel data is a stub, so the file stays a few bytes.
 */
export function pngHeaderOnly(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const htmlFile = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
export const svgWithScript = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script><rect width="100" height="100"/></svg>',
);
/** Just over the 10 MB limit, starting like a PNG so only the size can reject it. */
export const oversizedFile = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(10 * 1024 * 1024 + 1)]);

export const upload = (data: Buffer, label = 'Main image'): UploadedImage => ({ label, data });

/** The required fields plus anything given. */
export function submission(fields: Record<string, string | string[]> = {}, files: Partial<Pick<PortfolioSubmission, 'mainImage' | 'sliderImages'>> = {}): PortfolioSubmission {
  return {
    fields: { title: 'Harbour Website', client: 'Harbour Ltd', description: 'A new website for a harbour.', displayCategories: ['Web Development'], ...fields },
    mainImage: files.mainImage,
    sliderImages: files.sliderImages ?? [],
  };
}
