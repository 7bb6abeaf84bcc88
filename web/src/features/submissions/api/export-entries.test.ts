import { describe, expect, it } from 'vitest';
import { createEntryCounter, exportPath } from './export-entries';

const bytes = (text: string) => new TextEncoder().encode(text);

/** Feeds the text in chunks of every size from 1 up, so each boundary falls everywhere once. */
function countInChunks(format: 'jsonl' | 'csv', text: string): number[] {
  const all = bytes(text);
  return Array.from({ length: all.length }, (_, i) => {
    const counter = createEntryCounter(format);
    for (let at = 0; at < all.length; at += i + 1) counter.add(all.subarray(at, at + i + 1));
    return counter.entries;
  });
}

describe('counting exported entries as they arrive', () => {
  it('counts JSON Lines by line, whatever the chunks', () => {
    const text = '{"title":"Zwei\\nZeilen"}\n{"title":"ä"}\n{"title":"\\"x\\""}\n';
    expect(new Set(countInChunks('jsonl', text))).toEqual(new Set([3]));
  });

  it('counts CSV records without the header or line breaks inside quoted cells', () => {
    const text =
      '\uFEFFid,title\r\n' +
      'a,"Zwei\r\nZeilen"\r\n' +
      'b,"Mit ""Anführung""\nund Umbruch"\r\n' +
      'c,Drei\r\n';
    expect(new Set(countInChunks('csv', text))).toEqual(new Set([3]));
    const counter = createEntryCounter('csv');
    counter.add(bytes('id,title\r\n'));
    expect(counter.entries).toBe(0);
  });

  it('asks for the format and only the filters that are set', () => {
    expect(exportPath({ format: 'csv', type: null, state: null })).toBe('admin/collection/export?format=csv');
    expect(exportPath({ format: 'jsonl', type: 'event', state: 'deleted' })).toBe(
      'admin/collection/export?format=jsonl&type=event&state=deleted',
    );
  });
});
