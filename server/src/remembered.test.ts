import { describe, expect, it } from 'vitest';
import { remembered } from './remembered.ts';

describe('remembered', () => {
  it('computes a key once while it is among the last ones asked', () => {
    const asked: string[] = [];
    const lengthOf = remembered((key: string) => {
      asked.push(key);
      return key.length;
    }, 2);
    expect([lengthOf('a'), lengthOf('bb'), lengthOf('a'), lengthOf('ccc'), lengthOf('bb')]).toEqual([
      1, 2, 1, 3, 2,
    ]);
    // 'bb' was the least recently asked when 'ccc' came, so it was computed again.
    expect(asked).toEqual(['a', 'bb', 'ccc', 'bb']);
  });

  it('keeps nothing for keys longer than the limit', () => {
    let computed = 0;
    const upper = remembered(
      (key: string) => {
        computed += 1;
        return key.toUpperCase();
      },
      10,
      3,
    );
    expect([upper('abcd'), upper('abcd'), upper('abc'), upper('abc')]).toEqual([
      'ABCD',
      'ABCD',
      'ABC',
      'ABC',
    ]);
    expect(computed).toBe(3);
  });
});
