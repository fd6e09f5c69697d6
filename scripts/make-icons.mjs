// Draws the app icons (a white mountain and sun on the brand teal) as PNG files and a
// favicon.ico, with no image library: `node scripts/make-icons.mjs` writes them into public/.
import { writeFileSync } from "node:fs";
import { deflateSync } from "node:zlib";

const TEAL = [15, 118, 110];
const WHITE = [255, 255, 255];
const AMBER = [245, 158, 11];

function crc32(buffer) {
  let crc = ~0;
  for (const byte of buffer) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function pixel(x, y, size) {
  const u = (x + 0.5) / size;
  const v = (y + 0.5) / size;
  const r = 0.2; // rounded corners
  const cx = Math.min(Math.max(u, r), 1 - r);
  const cy = Math.min(Math.max(v, r), 1 - r);
  if ((u - cx) ** 2 + (v - cy) ** 2 > r * r) return [0, 0, 0, 0];
  if ((u - 0.68) ** 2 + (v - 0.3) ** 2 < 0.011) return [...AMBER, 255];
  const mountain = v > 0.78 - 0 && v < 0.8 ? false : v >= 0.35 && v <= 0.8 && Math.abs(u - 0.42) <= (v - 0.35) * 0.95;
  const hill = v <= 0.8 && v >= 0.5 && Math.abs(u - 0.7) <= (v - 0.5) * 1.0;
  if (mountain || hill) return [...WHITE, 255];
  return [...TEAL, 255];
}

function png(size) {
  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x++) Buffer.from(pixel(x, y, size)).copy(row, 1 + x * 4);
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function ico(pngData, size) {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(1, 4);
  header.writeUInt8(size, 6);
  header.writeUInt8(size, 7);
  header.writeUInt16LE(1, 10);
  header.writeUInt16LE(32, 12);
  header.writeUInt32LE(pngData.length, 14);
  header.writeUInt32LE(22, 18);
  return Buffer.concat([header, pngData]);
}

writeFileSync("public/apple-touch-icon.png", png(180));
writeFileSync("public/favicon-32x32.png", png(32));
writeFileSync("public/favicon-16x16.png", png(16));
writeFileSync("public/favicon.ico", ico(png(32), 32));
console.log("icons written to public/");
