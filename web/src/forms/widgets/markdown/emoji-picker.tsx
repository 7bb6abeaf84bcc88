import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Alert,
  Group,
  Loader,
  NativeSelect,
  Popover,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import {
  emojiInTone,
  loadEmojis,
  searchEmojis,
  SKIN_TONES,
  type EmojiEntry,
  type EmojiGroup,
  type EmojiGroupKey,
  type SkinTone,
} from './emoji-data';
import { ToolbarIconButton } from './toolbar-button';
import classes from './markdown-editor.module.css';

type EmojiPickerProps = {
  disabled: boolean;
  onPick: (emoji: string) => void;
  /** Called once the picker has closed and gone, picked or not. */
  onClosed?: () => void;
};

/** The toolbar's emoji button and picker: categories, search and skin tone; data loads on first open. */
export function EmojiPicker({ disabled, onPick, onClosed }: EmojiPickerProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      trapFocus
      returnFocus={!onClosed}
      onExitTransitionEnd={onClosed}
      position="bottom-start"
      width={340}
      shadow="md"
      withinPortal
    >
      <Popover.Target>
        <ToolbarIconButton
          label={t('markdownEditor.emoji.open')}
          disabled={disabled}
          onClick={() => setOpened((open) => !open)}
        >
          <span aria-hidden="true">☺</span>
        </ToolbarIconButton>
      </Popover.Target>
      {/* Mantine names the dropdown dialog after its button. No wider than a phone's window. */}
      <Popover.Dropdown maw="calc(100vw - 1rem)">
        {opened && (
          <EmojiPanel
            onPick={(emoji) => {
              onPick(emoji);
              setOpened(false);
            }}
          />
        )}
      </Popover.Dropdown>
    </Popover>
  );
}

function EmojiPanel({ onPick }: { onPick: (emoji: string) => void }) {
  const { t, i18n } = useTranslation();
  const [groups, setGroups] = useState<EmojiGroup[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [query, setQuery] = useState('');
  const [groupKey, setGroupKey] = useState<EmojiGroupKey>('smileys-emotion');
  const [tone, setTone] = useState<SkinTone>(0);
  const searchRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    let alive = true;
    loadEmojis(i18n.language).then(
      (loaded) => alive && setGroups(loaded),
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, [i18n.language]);

  // The search field appears once the data is there, after the dropdown took focus: move it there.
  useEffect(() => {
    if (groups) searchRef.current?.focus();
  }, [groups]);

  const shown = useMemo<EmojiEntry[]>(() => {
    if (!groups) return [];
    if (query.trim()) return searchEmojis(groups, query);
    return groups.find((group) => group.key === groupKey)?.emojis ?? [];
  }, [groups, query, groupKey]);

  if (failed) return <Alert color="red">{t('markdownEditor.emoji.failed')}</Alert>;
  if (!groups) {
    return (
      <Group justify="center" p="md">
        <Loader size="sm" role="progressbar" aria-label={t('markdownEditor.emoji.loading')} />
      </Group>
    );
  }
  const searching = query.trim() !== '';
  return (
    <Stack gap="xs">
      <TextInput
        label={t('markdownEditor.emoji.search')}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        ref={searchRef}
      />
      <Group grow gap="xs" align="flex-end">
        <NativeSelect
          label={t('markdownEditor.emoji.category')}
          value={groupKey}
          disabled={searching}
          onChange={(event) => {
            const { value } = event.currentTarget;
            const picked = groups.find((group) => group.key === value);
            if (picked) setGroupKey(picked.key);
          }}
          data={groups.map((group) => ({
            value: group.key,
            label: t(`markdownEditor.emoji.groups.${group.key}`),
          }))}
        />
        <NativeSelect
          label={t('markdownEditor.emoji.skinTone')}
          value={String(tone)}
          onChange={(event) => setTone(Number(event.currentTarget.value) as SkinTone)}
          data={SKIN_TONES.map((value) => ({
            value: String(value),
            label: t(`markdownEditor.emoji.tones.${value}`),
          }))}
        />
      </Group>
      {searching && shown.length === 0 ? (
        <Text size="sm">{t('markdownEditor.emoji.nothingFound')}</Text>
      ) : (
        <div
          className={classes.emojiGrid}
          role="group"
          aria-label={
            searching ? t('markdownEditor.emoji.results') : t(`markdownEditor.emoji.groups.${groupKey}`)
          }
        >
          {shown.map((entry) => {
            const emoji = emojiInTone(entry, tone);
            return (
              <UnstyledButton
                key={entry.emoji}
                className={classes.emojiButton}
                aria-label={entry.label}
                title={entry.label}
                onClick={() => onPick(emoji)}
              >
                {emoji}
              </UnstyledButton>
            );
          })}
        </div>
      )}
    </Stack>
  );
}
