/**
 * Renders the default sharing image (`static/images/og-default.png`, 1200×630) from the business
 * details, so it follows the agency's name and tagline: npx tsx scripts/og-image.ts
 */
import fs from 'node:fs';
import sharp from 'sharp';
import { business } from '../shared/content/defaults/business';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

async function main() {
  const hero = fs.readFileSync('static/images/hero.svg');
  const background = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#033f43"/><stop offset="1" stop-color="#0a8a91"/></linearGradient></defs>
  <rect width="1200" height="630" fill="url(#g)"/>
  <text x="70" y="200" font-family="DejaVu Sans, sans-serif" font-size="64" font-weight="700" fill="#fff">${escape(business.name)}</text>
  <text x="70" y="265" font-family="DejaVu Sans, sans-serif" font-size="28" fill="#e5f3f3">${escape(business.tagline)}</text>
  <text x="70" y="340" font-family="DejaVu Sans, sans-serif" font-size="26" font-weight="700" fill="#ffd27a">${escape(business.replyPromise)}</text>
</svg>`);
  const illustration = await sharp(hero).resize({ width: 380 }).png().toBuffer();
  await sharp(background)
    .composite([{ input: illustration, left: 780, top: 335 }])
    .png({ compressionLevel: 9, palette: true })
    .toFile('static/images/og-default.png');
  console.log('static/images/og-default.png');
}

void main();
