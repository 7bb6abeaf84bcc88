import { Anchor, CloseButton, Group, Input, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '../types';
import { ErrorList, stringsOf } from './feedback';

/** A file's displayed name: the text after the last slash of its URI (spec section 3). */
export function fileNameOf(uri: string): string {
  return uri.slice(uri.lastIndexOf('/') + 1) || uri;
}

/** Stand-in for the file uploader until it registers: the attached URIs, each removable. */
export function FilesFallbackWidget({
  id,
  value,
  onChange,
  label,
  help,
  errors,
  state,
  disabled,
}: WidgetProps) {
  const { t } = useTranslation();
  const files = stringsOf(value);
  const errorId = errors.length > 0 ? `${id}-error` : undefined;
  return (
    <Input.Wrapper
      id={id}
      label={label}
      labelElement="div"
      description={help}
      error={errors.length > 0 ? <ErrorList errors={errors} /> : undefined}
    >
      <ul
        aria-labelledby={`${id}-label`}
        aria-describedby={errorId}
        data-state={state}
        style={{ listStyle: 'none', margin: 0, padding: 0 }}
      >
        {files.length === 0 && (
          <li>
            <Text size="sm" c="dimmed">
              {t('forms.files.none')}
            </Text>
          </li>
        )}
        {files.map((uri) => (
          <li key={uri}>
            <Group gap="xs" wrap="nowrap">
              <Anchor href={uri} size="sm" target="_blank" rel="noreferrer">
                {fileNameOf(uri)}
              </Anchor>
              <CloseButton
                size="sm"
                disabled={disabled}
                aria-label={t('forms.files.remove', { name: fileNameOf(uri) })}
                onClick={() => onChange(files.filter((file) => file !== uri))}
              />
            </Group>
          </li>
        ))}
      </ul>
    </Input.Wrapper>
  );
}
