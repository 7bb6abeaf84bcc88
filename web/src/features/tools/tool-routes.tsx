import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/placeholder-page';

/** /components-demo: the widget showcase comes with the schema-driven forms. */
export function ComponentsDemoPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage title={t('tools.componentsDemo.title')} text={t('tools.componentsDemo.placeholder')} />
  );
}

/** /schema-builder: the schema check comes with the schema-driven forms. */
export function SchemaBuilderPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage title={t('tools.schemaBuilder.title')} text={t('tools.schemaBuilder.placeholder')} />
  );
}
