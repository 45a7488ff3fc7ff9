/** The text encodings dealer exports arrive in, as we name them in reports. */
export type ExportEncoding = 'utf-8' | 'utf-8 (BOM)' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/**
 * Decides an export's encoding and decodes it: a byte-order mark wins (UTF-8, UTF-16 LE/BE); UTF-16
 * without a mark shows as zero bytes in every other position of ASCII text; otherwise text that is
 * valid UTF-8 is UTF-8 and anything else is Windows-1252, the default of most dealer systems on
 * Windows (it is a superset of Latin-1, so "–", "‘" and "é" come out right). WHATWG TextDecoder
 * does the decoding, so no byte is dropped silently.
 */
export function decodeExport(bytes: Uint8Array): { text: string; encoding: ExportEncoding } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8 (BOM)' };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be' };
  const sample = bytes.subarray(0, Math.min(bytes.length, 4096));
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < sample.length; i++) {
    if (sample[i] !== 0) continue;
    if (i % 2 === 0) evenZeros++;
    else oddZeros++;
  }
  const half = sample.length / 2;
  if (half > 0 && oddZeros > half * 0.3 && evenZeros === 0) return { text: new TextDecoder('utf-16le').decode(bytes), encoding: 'utf-16le' };
  if (half > 0 && evenZeros > half * 0.3 && oddZeros === 0) return { text: new TextDecoder('utf-16be').decode(bytes), encoding: 'utf-16be' };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}
