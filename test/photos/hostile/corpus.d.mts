// Types of corpus.mjs (plain JavaScript so that Node's bench can import it too).
export interface Entry {
  name: string;
  format: 'jpeg' | 'png' | 'gif' | 'webp';
  bytes: Uint8Array;
  /** 201 for a control (accepted and stored), else the refusal's HTTP status. */
  status: number;
  attack: string;
}
export const LIMITS: {
  jpegScans: number;
  jpegMarkers: number;
  frames: number;
  pngChunks: number;
  webpChunks: number;
  jpegPixels: number;
  pngPixels: number;
};
export function hostileCorpus(): Entry[];
export function baselineJpeg(w: number, h: number): Uint8Array;
export function progressiveJpeg(w: number, h: number, scans: number): Uint8Array;
export function greyPng(w: number, h: number): Uint8Array;
export function apng(
  w: number,
  h: number,
  frames: number,
  at?: [number, number],
  declared?: number,
): Uint8Array;
export function gif(w: number, h: number, frames: number[][]): Uint8Array;
