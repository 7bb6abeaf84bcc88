import { Fragment } from 'react';
import { Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DiffSegment, FieldDiff } from './text-diff';
import classes from './revision-diff.module.css';
import '../strings';

/** One text's changes: added words in <ins>, removed ones in <del>, each named for screen readers too. */
export function DiffText({ segments }: { segments: DiffSegment[] }) {
  const { t } = useTranslation();
  return (
    <p className={classes.text}>
      {segments.map((segment, index) => {
        if (segment.kind === 'same') return <Fragment key={index}>{segment.text}</Fragment>;
        const Tag = segment.kind === 'added' ? 'ins' : 'del';
        const what = t(`moderate.revisions.${segment.kind}`);
        const label = segment.moved ? `${what}, ${t('moderate.revisions.moved')}` : what;
        const className = [classes[segment.kind], segment.moved ? classes.moved : '']
          .filter(Boolean)
          .join(' ');
        return (
          <Tag key={index} className={className}>
            <VisuallyHidden>[{label}: </VisuallyHidden>
            <span data-diff-text>{segment.text}</span>
            <VisuallyHidden> – {t('moderate.revisions.changeEnd')}]</VisuallyHidden>
          </Tag>
        );
      })}
    </p>
  );
}

type RevisionDiffProps = {
  fields: FieldDiff[];
  labelOf: (name: string) => string;
};

/** The fields that differ between two revisions, each with its word-level changes. */
export function RevisionDiff({ fields, labelOf }: RevisionDiffProps) {
  const { t } = useTranslation();
  const changed = fields.filter((field) => field.changed);
  const unchanged = fields.length - changed.length;
  if (changed.length === 0) return <Text>{t('moderate.revisions.noChanges')}</Text>;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('moderate.revisions.legend')}
      </Text>
      {changed.map((field) => (
        <div key={field.name} className={classes.field} data-field={field.name}>
          <Title order={3} size="h5" mb={4}>
            {labelOf(field.name)}
          </Title>
          <DiffText segments={field.segments} />
        </div>
      ))}
      {unchanged > 0 && (
        <Text size="sm" c="dimmed">
          {t('moderate.revisions.unchanged', { count: unchanged })}
        </Text>
      )}
    </Stack>
  );
}
