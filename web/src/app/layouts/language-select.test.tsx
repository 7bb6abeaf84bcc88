import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '../../lib/contract';
import { changeLocale, i18n, initLocale } from '../../lib/i18n';
import { renderRoutes } from '../../test/render';
import { LanguageSelect } from './language-select';

afterEach(async () => {
  await changeLocale('de');
});

describe('language switch', () => {
  it('switches the language, remembers it and sets <html lang>', async () => {
    renderRoutes([{ path: '/', element: <LanguageSelect /> }]);
    const select = screen.getByRole('combobox', { name: 'Sprache' });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Deutsch',
      'Deutsch (Schweiz)',
      'English',
    ]);
    await userEvent.selectOptions(select, 'en');
    await waitFor(() => expect(i18n.language).toBe('en'));
    expect(localStorage.getItem(STORAGE_KEYS.locale)).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('en');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'de-CH');
    await waitFor(() => expect(document.documentElement.lang).toBe('de-CH'));
    expect(screen.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de-CH');
    expect(localStorage.getItem(STORAGE_KEYS.locale)).toBe('de-CH');
    expect(document.documentElement.lang).toBe('de-CH');
  });

  it('falls back from de-CH to de for a key only German has', async () => {
    await changeLocale('de-CH');
    i18n.addResource('de', 'translation', 'test.onlyGerman', 'Nur Deutsch');
    // A key the catalogues lack is not a typed key; with a default value t() takes any string.
    expect(i18n.t('test.onlyGerman', { defaultValue: 'missing' })).toBe('Nur Deutsch');
    expect(i18n.t('errors.tooLarge.title')).toBe('Deine Anfrage ist zu gross');
  });

  it('starts in the remembered language', async () => {
    localStorage.setItem(STORAGE_KEYS.locale, 'en');
    await initLocale();
    expect(i18n.language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(i18n.t('errors.notFound.title')).toBe('Page not found');
  });
});
