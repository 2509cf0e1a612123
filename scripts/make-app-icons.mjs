// The installable app's icons (issue 13), drawn from the same "N" as public/favicon.svg: 192 and 512 px
// for the manifest, a maskable 512 px one with the mark inside the safe zone (the inner 80%), and the
// 180 px apple-touch-icon iOS asks for. Run once after changing the mark: `node scripts/make-app-icons.mjs`.
import sharp from "sharp";

const BLUE = "#3b4fc4";
const mark = (size, inset) => {
  const s = size - 2 * inset;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <rect width="${size}" height="${size}" ${inset === 0 ? `rx="${size / 4}"` : ""} fill="${BLUE}"/>
  <g transform="translate(${inset} ${inset}) scale(${s / 64})"><path d="M20 46V18h6l12 18V18h6v28h-6L26 28v18z" fill="#fff"/></g>
</svg>`;
};

const icons = [
  ["public/icons/icon-192.png", 192, 0],
  ["public/icons/icon-512.png", 512, 0],
  // Maskable: a full-bleed square, the mark kept inside the middle 80% (the platform crops a circle).
  ["public/icons/icon-maskable-512.png", 512, 64],
  ["public/icons/apple-touch-icon.png", 180, 0],
];
for (const [file, size, inset] of icons) {
  await sharp(Buffer.from(mark(size, inset))).png({ compressionLevel: 9 }).toFile(file);
  console.log(`wrote ${file}`);
}
