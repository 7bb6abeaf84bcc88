import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** "* Pflichtfeld": what the asterisk beside a label means (the field itself says aria-required). */
export function RequiredLegend() {
  const { t } = useTranslation();
  return <Text size="sm">* {t('forms.requiredLegend')}</Text>;
}
