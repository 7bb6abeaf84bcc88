import { useState } from 'react';
import { Alert, Button, Code, Group, List, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The fresh recovery codes, shown once: to copy or download before they go. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const text = `${codes.join('\n')}\n`;

  const copy = () => {
    void navigator.clipboard?.writeText(text).then(() => setCopied(true));
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'einwurf-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <Stack gap="sm" aria-labelledby="recovery-codes-heading" component="section">
      <Title order={3} size="h4" id="recovery-codes-heading">
        {t('profile.secondFactor.codesTitle')}
      </Title>
      <Alert color="yellow" variant="light" role="note">
        {t('profile.secondFactor.codesOnce')}
      </Alert>
      <List listStyleType="none" spacing={4} data-testid="recovery-codes">
        {codes.map((code) => (
          <List.Item key={code}>
            <Code fz="md">{code}</Code>
          </List.Item>
        ))}
      </List>
      <Group gap="sm">
        <Button variant="default" onClick={copy}>
          {copied ? t('profile.secondFactor.copied') : t('profile.secondFactor.copy')}
        </Button>
        <Button variant="default" onClick={download}>
          {t('profile.secondFactor.download')}
        </Button>
        <Button onClick={onDone}>{t('profile.secondFactor.codesDone')}</Button>
      </Group>
    </Stack>
  );
}
