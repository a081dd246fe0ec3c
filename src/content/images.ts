// Width and height of the images content shows, read from the file's own header (PNG, GIF, JPEG,
// SVG), so every <img> carries its size and the page does not shift while it loads.
import { readFileSync } from "node:fs";

export type Size = { width: number; height: number };

const svgLength = (s: string | undefined) => (s && /^\d+(\.\d+)?(px)?$/.test(s) ? Math.round(parseFloat(s)) : undefined);

function svgSize(text: string): Size | null {
  const tag = /<svg\b[^>]*>/i.exec(text)?.[0];
  if (!tag) return null;
  const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag)?.[1];
  const width = svgLength(attr("width"));
  const height = svgLength(attr("height"));
  if (width && height) return { width, height };
  const box = attr("viewBox")?.trim().split(/[\s,]+/).map(Number);
  return box && box.length === 4 && box[2]! > 0 && box[3]! > 0 ? { width: Math.round(box[2]!), height: Math.round(box[3]!) } : null;
}

function jpegSize(b: Buffer): Size | null {
  let i = 2;
  while (i + 8 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    const length = b.readUInt16BE(i + 2);
    // NOTE: SOF0…SOF15 carry the frame size, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
    }
    i += 2 + length;
  }
  return null;
}

/** The image's size, or null when the file is none of the formats above or is damaged. */
export function imageSize(file: string): Size | null {
  const b = readFileSync(file);
  if (b.length >= 24 && b.toString("latin1", 1, 4) === "PNG") return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
  if (b.length >= 10 && b.toString("latin1", 0, 3) === "GIF") return { width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) return jpegSize(b);
  if (file.endsWith(".svg")) return svgSize(b.toString("utf8"));
  return null;
}

/** Content types of the image files content/ may hold; the image route serves nothing else. */
export const IMAGE_TYPES: Record<string, string> = {
  ".png": "image/png",
  ".gif": "image/gif",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".svg": "image/svg+xml",
};
