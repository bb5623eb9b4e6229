/** Cuts a tall screenshot into viewable slices: npx tsx scripts/crop.ts file.png [sliceHeight] */
import sharp from 'sharp';

async function main() {
  const [file, sliceArg] = process.argv.slice(2);
  if (!file) throw new Error('usage: crop.ts file.png [sliceHeight]');
  const slice = Number(sliceArg ?? 1400);
  const { width = 0, height = 0 } = await sharp(file).metadata();
  for (let top = 0, index = 1; top < height; top += slice, index++) {
    const out = file.replace(/\.png$/, `.part${index}.png`);
    await sharp(file).extract({ left: 0, top, width, height: Math.min(slice, height - top) }).toFile(out);
    console.log(out);
  }
}

void main();
