import { useTranslation } from 'react-i18next';
import { Menu } from '@mantine/core';
import { ToolbarIconButton } from './toolbar-button';
import classes from './markdown-editor.module.css';

/** The typographic characters the picker offers, keyed by their translated names. */
export const SPECIAL_CHARACTERS = [
  ['laquo', '«'],
  ['raquo', '»'],
  ['lsaquo', '‹'],
  ['rsaquo', '›'],
  ['bdquo', '„'],
  ['ldquo', '“'],
  ['rdquo', '”'],
  ['sbquo', '‚'],
  ['lsquo', '‘'],
  ['rsquo', '’'],
  ['ndash', '–'],
  ['mdash', '—'],
  ['hellip', '…'],
  ['middot', '·'],
  ['rarr', '→'],
  ['euro', '€'],
  ['pound', '£'],
  ['sect', '§'],
  ['para', '¶'],
  ['copy', '©'],
  ['reg', '®'],
  ['trade', '™'],
  ['deg', '°'],
  ['plusmn', '±'],
  ['times', '×'],
  ['divide', '÷'],
  ['frac12', '½'],
] as const;

type SpecialCharactersProps = {
  disabled: boolean;
  onPick: (character: string) => void;
  /** Called once the menu has closed and gone, picked or not. */
  onClosed?: () => void;
};

/** The toolbar's special-character menu: each entry shows the character and its name. */
export function SpecialCharacters({ disabled, onPick, onClosed }: SpecialCharactersProps) {
  const { t } = useTranslation();
  return (
    <Menu
      position="bottom-start"
      shadow="md"
      withinPortal
      // Mantine's focus placeholder is a focusable presentation element, which a menu may not hold.
      withInitialFocusPlaceholder={false}
      returnFocus={!onClosed}
      onExitTransitionEnd={onClosed}
    >
      <Menu.Target>
        <ToolbarIconButton label={t('markdownEditor.special.open')} disabled={disabled}>
          <span aria-hidden="true">Ω</span>
        </ToolbarIconButton>
      </Menu.Target>
      <Menu.Dropdown className={classes.specialMenu} aria-label={t('markdownEditor.special.title')}>
        {SPECIAL_CHARACTERS.map(([key, character]) => (
          <Menu.Item
            key={key}
            leftSection={<span className={classes.specialCharacter}>{character}</span>}
            onClick={() => onPick(character)}
          >
            {t(`markdownEditor.special.names.${key}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
