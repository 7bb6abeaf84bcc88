import { describe, expect, it } from 'vitest';
import { i18n } from './i18n';

describe('translation keys', () => {
  it('are typed from the German catalogue: a key it lacks fails the typecheck', () => {
    // @ts-expect-error no key of de.json; should keys stop being typed, this line fails the typecheck
    expect(i18n.t('does.not.exist')).toBe('does.not.exist');
    expect(i18n.t('errors.notFound.title')).toBe('Seite nicht gefunden');
  });
});
