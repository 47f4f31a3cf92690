/**
 * Recognises a binary file opened as a scenario. The file pickers read files as UTF-8 text, so an
 * image arrives as replacement characters around its signature ("\uFFFDPNG\r\n\x1a\n"), and the
 * JSON reader then quoted the garbage back as a syntax error. Signatures from the formats'
 * specifications: PNG (89 50 4E 47 0D 0A 1A 0A), JPEG (FF D8 FF), GIF ("GIF87a"/"GIF89a"), WebP
 * ("RIFF" size "WEBP"), BMP ("BM"), and any file with NUL bytes or mostly undecodable bytes.
 */

/** An image the level import reads (Level…: PNG, JPEG, WebP) or another binary file. */
export interface BinaryKind {
  /** "a PNG image", "a binary file" … */
  what: string;
  /** The level import can turn it into a map (a floor plan). */
  image: boolean;
}

const BAD = '\uFFFD';

export function binaryKind(text: string): BinaryKind | null {
  const head = text.slice(0, 16);
  if (head.slice(1, 8) === 'PNG\r\n\u001a\n' && (head.charCodeAt(0) === 0x89 || head[0] === BAD)) return { what: 'a PNG image', image: true };
  if (head.startsWith(`${BAD}${BAD}${BAD}`) || head.startsWith('\u00ff\u00d8\u00ff')) return { what: 'a JPEG image', image: true };
  if (/^RIFF.{4}WEBP/su.test(head)) return { what: 'a WebP image', image: true };
  if (/^GIF8[79]a/.test(head)) return { what: 'a GIF image', image: false };
  const sample = text.slice(0, 4096);
  let nul = 0;
  let bad = 0;
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i);
    if (c === 0) nul++;
    else if (c === 0xfffd) bad++;
  }
  if (nul > 0 || (sample.length >= 16 && bad / sample.length > 0.05)) return { what: 'a binary file', image: false };
  return null;
}

/** What to tell a user who opened such a file as a scenario (an image: where the level import is). */
export function binaryFileMessage(name: string, kind: BinaryKind): string {
  return kind.image
    ? `${name} is ${kind.what}, not a scenario: nothing was opened. To make a map of a floor plan or a level picture, import it as a level (Level…: walls by brightness, pixels per cell, crop).`
    : `${name} is ${kind.what}, not a scenario: nothing was opened. Open a MAPF Lab scenario (.json), a replay file, a LoRR problem or a Moving AI map (.map); Level… imports Tiled, LDtk and PNG, JPEG or WebP pictures.`;
}
