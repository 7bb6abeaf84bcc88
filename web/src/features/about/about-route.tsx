import { Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';
import './strings';

const sections = ['what', 'anonymity', 'password', 'moderation'] as const;

/** About: what Einwurf is, how anonymity, the entry password and moderation work. */
export function Component() {
  const { t } = useTranslation();
  return (
    <Page title={t('about.title')}>
      {sections.map((section) => (
        <section key={section} aria-labelledby={`about-${section}`}>
          <Title order={2} id={`about-${section}`} mb="xs">
            {t(`about.${section}.title`)}
          </Title>
          <Text>{t(`about.${section}.text`)}</Text>
        </section>
      ))}
    </Page>
  );
}
