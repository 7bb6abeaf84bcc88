import type { Ref } from 'react';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FileItem } from './file-item';

type FileListProps = {
  ref?: Ref<HTMLUListElement>;
  files: readonly string[];
  /** React keys for `files`, one each. */
  keys: readonly string[];
  /** The id of the field's label, which names the list. */
  labelId: string;
  disabled: boolean;
  newTabHintId: string;
  onRename: (uri: string, base: string) => Promise<boolean>;
  onRemove: (uri: string) => void;
};

/** The attached files, each with rename and remove, or a line saying there are none. */
export function FileList({
  ref,
  files,
  keys,
  labelId,
  disabled,
  newTabHintId,
  onRename,
  onRemove,
}: FileListProps) {
  const { t } = useTranslation();
  return (
    // Focusable: after a removal focus goes here when the picker cannot take it.
    <ul
      ref={ref}
      tabIndex={-1}
      aria-labelledby={labelId}
      style={{ listStyle: 'none', margin: 0, padding: 0, outline: 'none' }}
    >
      {files.length === 0 && (
        <li>
          <Text size="sm" c="dimmed">
            {t('forms.files.none')}
          </Text>
        </li>
      )}
      {files.map((uri, index) => (
        <li key={keys[index]}>
          <FileItem
            uri={uri}
            disabled={disabled}
            newTabHintId={newTabHintId}
            onRename={onRename}
            onRemove={onRemove}
          />
        </li>
      ))}
    </ul>
  );
}
