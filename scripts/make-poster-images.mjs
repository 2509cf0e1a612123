// Dev-only recipe for the home page's responsive poster (issue 8: the LCP image). Not run by
// install, build or tests; its output is committed.
//
//   node scripts/make-poster-images.mjs
//
// Reads public/media/promo-poster.png (1280x720, written by scripts/make-promo-video.mjs) and
// writes public/media/promo-poster-<width>.avif and .webp at each width below, replacing what is
// there. The page lists them in a <picture> with srcset/sizes (app/components/home/PromoVideo.tsx
// holds the same widths), and the PNG stays as the fallback for browsers with neither format.
// Uses `sharp` (prebuilt libvips in its npm packages, a devDependency): run it again after
// make-promo-video.mjs changes the poster.
import { statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const MEDIA = join(resolve(dirname(fileURLToPath(import.meta.url)), ".."), "public", "media");
const SOURCE = join(MEDIA, "promo-poster.png");
// Keep in step with POSTER_WIDTHS in app/components/home/PromoVideo.tsx.
const WIDTHS = [480, 800, 1280];
// The poster is flat colour and large type: these qualities keep the text edges clean.
const FORMATS = {
  avif: (image) => image.avif({ quality: 55, effort: 6 }),
  webp: (image) => image.webp({ quality: 80, effort: 6 }),
};

const kB = (file) => `${(statSync(file).size / 1000).toFixed(1)} kB`;
console.log(`source ${SOURCE}: ${kB(SOURCE)}`);
for (const width of WIDTHS) {
  for (const [format, encode] of Object.entries(FORMATS)) {
    const out = join(MEDIA, `promo-poster-${width}.${format}`);
    await encode(sharp(SOURCE).resize({ width, withoutEnlargement: true })).toFile(out);
    console.log(`${out}: ${kB(out)}`);
  }
}
