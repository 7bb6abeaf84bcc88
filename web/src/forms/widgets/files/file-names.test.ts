import { describe, expect, it } from 'vitest';
import { fileKeysOf, fileNameOf, splitFileName } from './file-names';

describe('file names', () => {
  it('shows the decoded text after the last slash, without query or fragment', () => {
    expect(fileNameOf('/api/v1/files/f1/Jahresbericht%202026.pdf')).toBe('Jahresbericht 2026.pdf');
    expect(fileNameOf('https://example.org/files/plan.png?variant=preview#top')).toBe('plan.png');
    expect(fileNameOf('/api/v1/files/f1/100%.txt')).toBe('100%.txt');
    expect(fileNameOf('notizen.txt')).toBe('notizen.txt');
  });

  it('splits off the extension to keep, and keeps dot files and names without one whole', () => {
    expect(splitFileName('Bericht.final.pdf')).toEqual({ base: 'Bericht.final', extension: '.pdf' });
    expect(splitFileName('README')).toEqual({ base: 'README', extension: '' });
    expect(splitFileName('.env')).toEqual({ base: '.env', extension: '' });
  });

  it('keys a file by the part of its URL a rename keeps', () => {
    const before = fileKeysOf(['/api/v1/files/f1/a.pdf', '/api/v1/files/f2/b.txt']);
    const after = fileKeysOf(['/api/v1/files/f1/renamed.pdf', '/api/v1/files/f2/b.txt']);
    expect(after).toEqual(before);
    expect(new Set(before).size).toBe(2);
  });

  it('keeps keys apart for URLs that share a folder and for exact repeats', () => {
    const keys = fileKeysOf([
      'https://example.org/files/a.pdf',
      'https://example.org/files/b.pdf',
      'https://example.org/files/a.pdf',
    ]);
    expect(new Set(keys).size).toBe(3);
  });
});
