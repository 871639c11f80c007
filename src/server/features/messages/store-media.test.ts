import { describe, expect, it } from 'vitest';
import { mediaFiles } from '../../../../tests/support/media-files';
import { testPng } from '../../../../tests/support/images';
import { sniffMediaType } from './store-media';

describe('the type of a document or an audio, from its bytes', () => {
  it('takes PDF, Ogg, MP3, AAC, M4A and AMR, whatever the sender claims', () => {
    const head = (bytes: Buffer) => bytes.subarray(0, 16);
    expect(sniffMediaType(head(mediaFiles.pdf()), false)).toBe('application/pdf');
    expect(sniffMediaType(head(mediaFiles.ogg()), true)).toBe('audio/ogg');
    expect(sniffMediaType(head(mediaFiles.mp3()), true)).toBe('audio/mpeg');
    expect(sniffMediaType(head(mediaFiles.mp3Frame()), true)).toBe('audio/mpeg');
    expect(sniffMediaType(head(mediaFiles.aac()), true)).toBe('audio/aac');
    expect(sniffMediaType(head(mediaFiles.m4a()), false)).toBe('audio/mp4');
    expect(sniffMediaType(head(mediaFiles.amr()), true)).toBe('audio/amr');
    // An audio file sent as a document is still audio.
    expect(sniffMediaType(head(mediaFiles.ogg()), false)).toBe('audio/ogg');
  });

  it('refuses anything else: a Word file, an image, a video sent as a document', async () => {
    expect(sniffMediaType(mediaFiles.docx().subarray(0, 16), false)).toBeNull();
    expect(sniffMediaType((await testPng()).subarray(0, 16), false)).toBeNull();
    expect(sniffMediaType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]), true)).toBeNull();
    expect(sniffMediaType(Buffer.from('hello world, plain text'), true)).toBeNull();
    // A generic MP4 is audio only when WhatsApp delivered it as audio.
    expect(sniffMediaType(mediaFiles.mp4().subarray(0, 16), false)).toBeNull();
    expect(sniffMediaType(mediaFiles.mp4().subarray(0, 16), true)).toBe('audio/mp4');
    expect(sniffMediaType(Buffer.alloc(0), true)).toBeNull();
  });
});
