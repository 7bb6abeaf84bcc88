import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Anchor, Button, Group, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { fileNameOf, splitFileName } from './file-names';

type FileItemProps = {
  uri: string;
  disabled: boolean;
  /** The id of the text that says links open a new tab. */
  newTabHintId: string;
  /** Renames on the server and in the list; resolves false when it failed (the caller told the user). */
  onRename: (uri: string, base: string) => Promise<boolean>;
  onRemove: (uri: string) => void;
};

/** One attached file: a link that opens it, rename (the name without its extension) and remove. */
export function FileItem({ uri, disabled, newTabHintId, onRename, onRemove }: FileItemProps) {
  const { t } = useTranslation();
  const name = fileNameOf(uri);
  const { base, extension } = splitFileName(name);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(base);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (editing) {
      input.current?.focus();
      input.current?.select();
    } else if (returnFocus.current) {
      returnFocus.current = false;
      renameButton.current?.focus();
    }
  }, [editing]);

  const startEditing = () => {
    setDraft(base);
    setProblem(null);
    setEditing(true);
  };
  const stopEditing = () => {
    returnFocus.current = true;
    setEditing(false);
  };
  const save = async () => {
    const next = draft.trim();
    if (next === '') {
      setProblem(t('forms.files.nameRequired'));
      return;
    }
    if (next === base) {
      stopEditing();
      return;
    }
    setPending(true);
    // A failed rename keeps the old name (the caller showed why), so the editor closes either way.
    await onRename(uri, next);
    setPending(false);
    stopEditing();
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // The field may sit inside the entry's <form>: Enter must save the name, not submit the entry.
    if (event.key === 'Enter') {
      event.preventDefault();
      void save();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      stopEditing();
    }
  };

  if (editing) {
    return (
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          ref={input}
          aria-label={t('forms.files.newName', { name })}
          value={draft}
          onChange={(event) => {
            setDraft(event.currentTarget.value);
            setProblem(null);
          }}
          onKeyDown={handleKeyDown}
          description={extension ? t('forms.files.extensionKept', { extension }) : undefined}
          inputWrapperOrder={['input', 'description', 'error']}
          error={problem}
          disabled={pending || disabled}
          rightSection={
            extension ? (
              <Text size="sm" c="dimmed" aria-hidden>
                {extension}
              </Text>
            ) : undefined
          }
          rightSectionWidth={extension ? `calc(${extension.length}ch + 1rem)` : undefined}
          rightSectionPointerEvents="none"
          size="sm"
          style={{ flex: 1 }}
        />
        <Button
          size="sm"
          onClick={() => void save()}
          loading={pending}
          disabled={disabled}
          aria-label={t('forms.files.saveNameLabel', { name })}
        >
          {t('forms.files.saveName')}
        </Button>
        <Button
          size="sm"
          variant="default"
          onClick={stopEditing}
          disabled={pending || disabled}
          aria-label={t('forms.files.cancelRenameLabel', { name })}
        >
          {t('forms.files.cancelRename')}
        </Button>
      </Group>
    );
  }

  return (
    <Group gap="xs" justify="space-between" wrap="nowrap">
      <Anchor
        href={uri}
        target="_blank"
        rel="noopener noreferrer"
        size="sm"
        aria-describedby={newTabHintId}
        style={{ overflowWrap: 'anywhere' }}
      >
        {name}
      </Anchor>
      <Group gap={4} wrap="nowrap">
        <Button
          ref={renameButton}
          variant="subtle"
          size="compact-sm"
          disabled={disabled}
          onClick={startEditing}
          aria-label={t('forms.files.renameLabel', { name })}
        >
          {t('forms.files.rename')}
        </Button>
        <Button
          variant="subtle"
          color="red"
          size="compact-sm"
          disabled={disabled}
          onClick={() => onRemove(uri)}
          aria-label={t('forms.files.remove', { name })}
        >
          {t('forms.files.removeShort')}
        </Button>
      </Group>
    </Group>
  );
}
