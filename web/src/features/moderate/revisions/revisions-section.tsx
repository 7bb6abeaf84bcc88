import { useMemo, useState } from 'react';
import { Alert, Button, Group, Loader, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Entry, EntryDecision, EntryRevisionItem, UiSchema } from '@einwurf/contract';
import { ConfirmModal } from '../../../components/confirm-modal';
import { stateNameKey } from '../../../components/entry/describe-event';
import { localizeText } from '../../../forms';
import { valueText } from '../../../lib/contract';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-store';
import { useFormatPointInTime } from '../../../lib/time-zone';
import { useEntryRevision, useEntryRevisions, useRestoreEntryRevision } from '../api/revisions';
import { RevisionDiff } from './revision-diff';
import { diffRevisions } from './text-diff';
import '../strings';

export type RevisionsSectionProps = {
  id: string;
  /** The entry's current revision as the screen shows it (restoring names it, for conflicts). */
  currentRevision: number;
  uiSchema: UiSchema;
  /** Unsaved edits in the form: restoring waits until they are saved or discarded. */
  isDirty: boolean;
  isDeleted: boolean;
  onRestored: (saved: Entry, revision: number) => void;
};

type Pair = { from: number; to: number };

/** The default comparison: since the last moderation decision, else the newest save. */
export function defaultPair(revisions: EntryRevisionItem[], decision: EntryDecision | null): Pair | null {
  const newest = revisions[0]?.revision;
  if (newest === undefined) return null;
  if (decision && decision.revision <= newest) return { from: decision.revision, to: newest };
  return { from: revisions[1]?.revision ?? newest, to: newest };
}

/** An entry's revisions: two chosen (by default since the last decision) compared field by field. */
export default function RevisionsSection({
  id,
  currentRevision,
  uiSchema,
  isDirty,
  isDeleted,
  onRestored,
}: RevisionsSectionProps) {
  const { t, i18n } = useTranslation();
  const formatTime = useFormatPointInTime();
  const auth = useAuth();
  const list = useEntryRevisions(id);
  const restore = useRestoreEntryRevision();
  const [chosen, setChosen] = useState<Pair | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const revisions = list.data?.data ?? [];
  const decision = list.data?.meta.last_decision ?? null;
  const pair = chosen ?? defaultPair(revisions, decision);
  const before = useEntryRevision(id, pair?.from ?? null);
  const after = useEntryRevision(id, pair?.to ?? null);

  const labelOf = (name: string) => {
    if (name === 'title') return t('entry.fields.title');
    const element = uiSchema.find((item) => item.scope === name);
    return element ? localizeText(element.label, i18n.language) || name : name;
  };
  const order = useMemo(() => uiSchema.map((item) => item.scope), [uiSchema]);
  const fields = useMemo(() => {
    if (!before.data || !after.data) return null;
    const a = before.data.data;
    const b = after.data.data;
    // Choices and predefined tags read as their texts in the interface language, as the form shows them.
    const shown = (name: string, value: unknown) => {
      const element = uiSchema.find((item) => item.scope === name);
      return element && (element.widget === 'select' || element.widget === 'tags-predefined')
        ? valueText(element, value, i18n.language)
        : value;
    };
    return diffRevisions(a, b, order, shown);
  }, [before.data, after.data, order, uiSchema, i18n.language]);

  const heading = (
    <Title order={2} size="h3" id="entry-revisions-heading" mb="sm">
      {t('moderate.revisions.title')}
    </Title>
  );
  if (list.isPending) {
    return (
      <section aria-labelledby="entry-revisions-heading">
        {heading}
        <Loader size="sm" role="progressbar" aria-label={t('moderate.revisions.loading')} />
      </section>
    );
  }
  if (list.isError || !pair) {
    return (
      <section aria-labelledby="entry-revisions-heading">
        {heading}
        {list.isError ? (
          <Alert color="red" variant="light" role="alert">
            {t('moderate.revisions.loadFailed')}
          </Alert>
        ) : (
          <Text>{t('moderate.revisions.only')}</Text>
        )}
      </section>
    );
  }

  const isSinceDecision =
    decision !== null && pair.from === decision.revision && pair.to === revisions[0]?.revision;
  const sinceText = () => {
    if (!decision) return '';
    const kind =
      decision.to_state === 'rejected' || decision.to_state === 'published' ? decision.to_state : 'decision';
    const mine = decision.username !== null && decision.username === auth.username;
    const name = decision.username ?? t(`event.actor.${decision.actor}`);
    return t(`moderate.revisions.since.${kind}${mine ? '' : 'By'}`, { name });
  };
  const optionLabel = (item: EntryRevisionItem) =>
    t('moderate.revisions.option', {
      revision: item.revision,
      time: formatTime(item.saved_at),
      who: item.username ?? t(`event.actor.${item.actor}`),
      state: t(stateNameKey(item.state, 'moderation')),
    });
  const options = revisions.map((item) => ({ value: String(item.revision), label: optionLabel(item) }));
  // A decision older than the listed page is still a choice.
  const withChosen = (value: number) =>
    options.some((o) => o.value === String(value))
      ? options
      : [...options, { value: String(value), label: t('moderate.revisions.short', { revision: value }) }];

  const restorable = pair.from !== currentRevision ? pair.from : null;
  const handleRestore = async () => {
    if (restorable === null) return;
    setFailure(null);
    try {
      const saved = await restore.mutateAsync({ id, revision: restorable, current: currentRevision });
      setConfirming(false);
      setChosen(null);
      onRestored(saved, restorable);
    } catch (error) {
      setConfirming(false);
      const conflict = error instanceof ApiError && error.code === 'CONFLICT';
      setFailure(t(conflict ? 'moderate.revisions.restore.conflict' : 'moderate.revisions.restore.failed'));
    }
  };

  return (
    <section aria-labelledby="entry-revisions-heading">
      {heading}
      <Stack gap="md">
        <Text size="sm">{t('moderate.revisions.intro')}</Text>
        {revisions.length < 2 ? (
          <Text>{t('moderate.revisions.only')}</Text>
        ) : (
          <Group gap="md" align="end" wrap="wrap">
            <NativeSelect
              label={t('moderate.revisions.older')}
              data={withChosen(pair.from)}
              value={String(pair.from)}
              onChange={(event) => setChosen({ ...pair, from: Number(event.currentTarget.value) })}
            />
            <NativeSelect
              label={t('moderate.revisions.newer')}
              data={withChosen(pair.to)}
              value={String(pair.to)}
              onChange={(event) => setChosen({ ...pair, to: Number(event.currentTarget.value) })}
            />
          </Group>
        )}
        {isSinceDecision && decision ? (
          <div>
            <Text fw={700} data-testid="revisions-since">
              {sinceText()}
            </Text>
            <Text size="sm" c="dimmed">
              {t('moderate.revisions.since.hint', {
                from: pair.from,
                to: pair.to,
                time: formatTime(decision.decided_at),
              })}
            </Text>
          </div>
        ) : (
          revisions.length > 1 && (
            <Text size="sm" c="dimmed">
              {t('moderate.revisions.compared', { from: pair.from, to: pair.to })}
            </Text>
          )
        )}
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        {before.isError || after.isError ? (
          <Alert color="red" variant="light" role="alert">
            {t('moderate.revisions.diffFailed')}
          </Alert>
        ) : fields === null ? (
          <Loader size="sm" role="progressbar" aria-label={t('moderate.revisions.loading')} />
        ) : (
          revisions.length > 1 && <RevisionDiff fields={fields} labelOf={labelOf} />
        )}
        {restorable !== null && !isDeleted && (
          <div>
            <Button variant="default" disabled={isDirty} onClick={() => setConfirming(true)}>
              {t('moderate.revisions.restore.button', { revision: restorable })}
            </Button>
            {isDirty && (
              <Text size="sm" c="dimmed" mt={4}>
                {t('moderate.revisions.restore.dirty')}
              </Text>
            )}
          </div>
        )}
      </Stack>
      <ConfirmModal
        opened={confirming}
        title={t('moderate.revisions.restore.title', { revision: restorable ?? 0 })}
        text={t('moderate.revisions.restore.text', { revision: restorable ?? 0 })}
        confirmLabel={t('moderate.revisions.restore.button', { revision: restorable ?? 0 })}
        onConfirm={() => void handleRestore()}
        onClose={() => setConfirming(false)}
        isPending={restore.isPending}
      />
    </section>
  );
}
