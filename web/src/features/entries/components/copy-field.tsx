import { useId } from 'react';
import { Button, CopyButton, Group, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PasswordInput } from '../../../components/password-input';

type CopyFieldProps = {
  label: string;
  value: string;
  /** Masks the value (with a show toggle), for the password. */
  secret?: boolean;
  /** The copy button's text. */
  copyLabel: string;
};

/** A read-only value with a copy button (the permalink, the password), both labelled. */
export function CopyField({ label, value, secret = false, copyLabel }: CopyFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const field = secret ? (
    <PasswordInput
      id={id}
      label={label}
      value={value}
      readOnly
      flex={1}
      visibilityToggleButtonProps={{ 'aria-label': t('entry.copy.show', { label }) }}
    />
  ) : (
    <TextInput id={id} label={label} value={value} readOnly flex={1} />
  );
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      {field}
      <CopyButton value={value} timeout={2000}>
        {({ copied, copy }) => (
          // A button with words rather than an icon with a tooltip: clear to everyone, and it keeps
          // floating-ui (about 15 KB gzip) off the create page's first load.
          <Button variant={copied ? 'filled' : 'light'} color={copied ? 'teal.9' : 'blue'} onClick={copy}>
            {copied ? t('entry.copy.copied') : copyLabel}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}
