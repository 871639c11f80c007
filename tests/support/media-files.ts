/**
 * Small files of the kinds a WhatsApp customer sends, each with the first bytes its format
 * starts with (what the desk's type check reads), and a body of `size` bytes in all.
 */
function file(head: Buffer | string, size = 2048): Buffer {
  const start = typeof head === 'string' ? Buffer.from(head, 'latin1') : head;
  const body = Buffer.alloc(Math.max(size, start.length), 0x20);
  start.copy(body);
  return body;
}

export const mediaFiles = {
  pdf: (size?: number) =>
    file('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\n', size),
  /** A voice note as WhatsApp records one: Ogg with Opus inside. */
  ogg: () => file('OggS\x00\x02\x00\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00\x00OpusHead'),
  mp3: () => file('ID3\x04\x00\x00\x00\x00\x00\x00'),
  /** MPEG-1 layer III with no ID3 tag: the frame's sync word first. */
  mp3Frame: () => file(Buffer.from([0xff, 0xfb, 0x90, 0x64])),
  /** Raw AAC (ADTS). */
  aac: () => file(Buffer.from([0xff, 0xf1, 0x50, 0x80])),
  m4a: () => file('\x00\x00\x00\x20ftypM4A \x00\x00\x00\x00'),
  /** An MP4 of a generic brand: a phone recorder's audio, or a video. */
  mp4: () => file('\x00\x00\x00\x20ftypisom\x00\x00\x02\x00'),
  amr: () => file('#!AMR\n'),
  /** A Word document: a ZIP, not on the allow-list. */
  docx: () => file('PK\x03\x04\x14\x00\x06\x00'),
};

/**
 * A playable MP3: `seconds` of silence as MPEG-1 layer III frames (128 kbit/s, 44.1 kHz, 417
 * bytes each, no main data), which a browser decodes and gives a duration.
 */
export function silentMp3(seconds = 1): Buffer {
  const frame = Buffer.alloc(417);
  Buffer.from([0xff, 0xfb, 0x90, 0x64]).copy(frame);
  return Buffer.concat(Array.from({ length: Math.ceil((seconds * 44_100) / 1152) }, () => frame));
}
