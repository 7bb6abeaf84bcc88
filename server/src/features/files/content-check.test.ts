import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { HEAD_BYTES, checkContent, peekHead } from './content-check.ts';
import { FIXTURES, readAll, sha256, streamOf, twoHalves } from '../../test/files.ts';

const ALL = [
  'jpg',
  'jpeg',
  'png',
  'gif',
  'webp',
  'bmp',
  'tiff',
  'pdf',
  'txt',
  'md',
  'csv',
  'docx',
  'xlsx',
  'odt',
];

describe('peekHead', () => {
  it('answers the head and then the whole stream again, byte for byte', async () => {
    const bytes = randomBytes(HEAD_BYTES * 3 + 17);
    const { head, complete, stream } = await peekHead(streamOf(bytes));
    expect(head.equals(bytes.subarray(0, HEAD_BYTES))).toBe(true);
    expect(complete).toBe(false);
    expect(sha256(await readAll(stream))).toBe(sha256(bytes));
  });

  it('tells when the head is the whole file', async () => {
    const { head, complete, stream } = await peekHead(streamOf(Buffer.from('short')));
    expect([head.toString(), complete]).toEqual(['short', true]);
    expect((await readAll(stream)).toString()).toBe('short');
  });
});

describe('checkContent', () => {
  it('accepts a JPEG named .jpeg or .jpg and answers its type', async () => {
    const jpeg = await twoHalves('jpeg');
    for (const ext of ['jpg', 'jpeg', 'JPG']) {
      expect(await checkContent(jpeg, ext, ALL, true)).toEqual({ contentType: 'image/jpeg', isImage: true });
    }
  });

  it('refuses an extension the configuration does not list, whatever the content', async () => {
    await expect(checkContent(FIXTURES.pdf(), 'pdf', ['png'], true)).rejects.toBeInstanceOf(AppError);
  });

  it('accepts a type file-type knows under an extension the configuration adds', async () => {
    expect(await checkContent(await twoHalves('png'), 'png', ['png'], true)).toMatchObject({ isImage: true });
    const gzip = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0x03, 0x03, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(await checkContent(gzip, 'gz', ['gz'], true)).toEqual({
      contentType: 'application/gzip',
      isImage: false,
    });
    await expect(checkContent(FIXTURES.txt(), 'gz', ['gz'], true)).rejects.toThrow(/does not match/);
  });

  it('accepts a text head cut in the middle of a character, but not a whole file ending so', async () => {
    const text = Buffer.from('Grüß'); // ß, the last character, takes two bytes
    const cut = text.subarray(0, text.length - 1);
    expect(await checkContent(cut, 'txt', ALL, false)).toMatchObject({
      contentType: 'text/plain; charset=utf-8',
    });
    await expect(checkContent(cut, 'txt', ALL, true)).rejects.toThrow(/not UTF-8/);
  });

  it('accepts an empty text file and refuses an empty picture', async () => {
    expect(await checkContent(Buffer.alloc(0), 'md', ALL, true)).toMatchObject({ isImage: false });
    await expect(checkContent(Buffer.alloc(0), 'png', ALL, true)).rejects.toThrow(/does not match/);
  });
});
