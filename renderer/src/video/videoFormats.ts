/**
 * The clip formats and which of them this browser can write. GIF is encoded in script (gifenc)
 * and always works. MP4 (H.264) and WebM (VP9, else VP8) need WebCodecs' VideoEncoder, which a
 * page has only in a secure context (https, localhost, the desktop app's own protocol) and whose
 * codecs depend on the build: Debian's Chromium encodes H.264 (OpenH264) as well as VP8/VP9, an
 * Electron or Chromium built without proprietary codecs may not. So support is asked at run time
 * (mediabunny's canEncodeVideo calls VideoEncoder.isConfigSupported with the very configuration
 * the export will use) and only what works is offered.
 */
import { QUALITY_HIGH, canEncodeVideo, type VideoCodec } from 'mediabunny';

export type ClipFormat = 'gif' | 'mp4' | 'webm';

export interface FormatChoice {
  format: ClipFormat;
  label: string;
  /** As the saved notice names it: "GIF", "MP4 (H.264)". */
  short: string;
  /** The video codec (mediabunny's name), for mp4 and webm. */
  codec?: VideoCodec;
  extension: string;
  mimeType: string;
}

/** What each format may be written with, in order of preference. */
const CANDIDATES: FormatChoice[] = [
  { format: 'gif', label: 'GIF (animated image)', short: 'GIF', extension: 'gif', mimeType: 'image/gif' },
  { format: 'mp4', codec: 'avc', label: 'MP4 (H.264 video)', short: 'MP4 (H.264)', extension: 'mp4', mimeType: 'video/mp4' },
  { format: 'webm', codec: 'vp9', label: 'WebM (VP9 video)', short: 'WebM (VP9)', extension: 'webm', mimeType: 'video/webm' },
  { format: 'webm', codec: 'vp8', label: 'WebM (VP8 video)', short: 'WebM (VP8)', extension: 'webm', mimeType: 'video/webm' },
];

export interface FormatSupport {
  choices: FormatChoice[];
  /** Why no video format is offered, when none is. */
  videoNote: string | null;
}

/** The formats this browser can write a clip of width × height in: GIF always, MP4 and WebM when an encoder takes them. */
export async function supportedFormats(width: number, height: number, fps: number): Promise<FormatSupport> {
  const choices: FormatChoice[] = [CANDIDATES[0]];
  if (typeof VideoEncoder === 'undefined') {
    const note = window.isSecureContext
      ? 'This browser has no WebCodecs video encoder: GIF only.'
      : 'MP4 and WebM need WebCodecs, which browsers offer only on https or localhost: GIF only.';
    return { choices, videoNote: note };
  }
  for (const candidate of CANDIDATES.slice(1)) {
    if (choices.some((c) => c.format === candidate.format)) continue;
    try {
      if (await canEncodeVideo(candidate.codec!, { width, height, frameRate: fps, quality: CLIP_QUALITY })) choices.push(candidate);
    } catch {
      // A configuration the encoder refuses outright counts as unsupported.
    }
  }
  return { choices, videoNote: choices.length === 1 ? 'No video encoder here takes H.264, VP9 or VP8 at this size: GIF only.' : null };
}

/**
 * Mediabunny's "high" quality: a bitrate scaled to the picture's size and the codec, which keeps
 * one-cell unit discs and wall edges crisp (flat colours cost little).
 */
export const CLIP_QUALITY = QUALITY_HIGH;
