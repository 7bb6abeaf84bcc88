import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale, i18n } from './i18n';

describe('numbers in messages', () => {
  afterEach(async () => {
    await changeLocale('de');
  });

  it('writes an interpolated count in the interface language', async () => {
    expect(i18n.t('forms.files.full', { count: 12345 })).toBe(
      'Die Liste ist voll: Es passen höchstens 12.345 Dateien hinein.',
    );
    await changeLocale('en');
    expect(i18n.t('forms.files.full', { count: 12345 })).toBe(
      'The list is full: it holds at most 12,345 files.',
    );
    await changeLocale('de-CH');
    expect(i18n.t('forms.files.full', { count: 12345 })).toMatch(/höchstens 12[’']345 Dateien/);
  });

  it('leaves text values as they are', () => {
    expect(i18n.t('forms.files.hint', { extensions: '.pdf', max: '1234' })).toBe(
      'Erlaubt: .pdf; höchstens 1234 MB pro Datei.',
    );
  });
});
