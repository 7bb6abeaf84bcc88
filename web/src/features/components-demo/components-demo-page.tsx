import { useId, useState } from 'react';
import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import './strings';
import type { ParseKeys, TFunction } from 'i18next';
import { INPUT_TYPES, type PropertySchema, type UiElement } from '@einwurf/contract';
import { Page } from '../../components/page';
import { useWidget } from '../../forms/registry';
import type { FieldState } from '../../forms/types';

const NO_LABEL = { de: '', 'de-CH': '', en: '' };
const CHOICE_KEYS: Record<'a' | 'b' | 'c', ParseKeys> = {
  a: 'forms.demo.choiceA',
  b: 'forms.demo.choiceB',
  c: 'forms.demo.choiceC',
};

type Sample = { key: string; heading: string; element: UiElement; schema: PropertySchema; value: unknown };

function samplesOf(t: TFunction): Sample[] {
  const sample = (
    key: string,
    heading: string,
    element: Omit<UiElement, 'scope' | 'label'>,
    value: unknown,
  ) => ({
    key,
    heading,
    element: { scope: key, label: NO_LABEL, ...element } as UiElement,
    schema: {},
    value,
  });
  const choices = (['a', 'b', 'c'] as const).map((v) => ({
    value: v,
    text: t(CHOICE_KEYS[v]),
  }));
  return [
    sample('input', t('forms.widgets.input'), { widget: 'input' }, 'Einwurf'),
    sample('textarea', t('forms.widgets.textarea'), { widget: 'textarea' }, 'Zwei, drei Sätze.'),
    sample('select', t('forms.widgets.select'), { widget: 'select', options: { choices } }, 'a'),
    sample(
      'select-multiple',
      t('forms.widgets.selectMultiple'),
      { widget: 'select', options: { multiple: true, choices } },
      ['a', 'c'],
    ),
    sample('checkbox', t('forms.widgets.checkbox'), { widget: 'checkbox' }, true),
    sample('date', t('forms.widgets.date'), { widget: 'date' }, '2026-11-21'),
    sample('time', t('forms.widgets.time'), { widget: 'time' }, '18:30'),
    sample('datetime', t('forms.widgets.datetime'), { widget: 'datetime' }, '2026-11-21T18:30:00.000Z'),
    sample('tags', t('forms.widgets.tags'), { widget: 'tags' }, ['bern', 'kultur']),
    sample(
      'tags-predefined',
      t('forms.widgets.tags-predefined'),
      { widget: 'tags-predefined', options: { tags: ['climate', 'education', 'health', 'youth'] } },
      ['health'],
    ),
    sample(
      'markdown',
      t('forms.widgets.markdown'),
      { widget: 'markdown' },
      '# Einwurf\n\n**Fett** und _kursiv_.',
    ),
    sample('image', t('forms.widgets.image'), { widget: 'image' }, DEMO_IMAGE),
    sample('files', t('forms.widgets.files'), { widget: 'files' }, [
      'https://example.org/files/programm.pdf',
      'https://example.org/files/plan.png',
    ]),
  ];
}

// A picture in the page itself: the CSP admits images of this origin and data: URLs only.
const DEMO_IMAGE =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180"><rect width="320" height="180" fill="#1c7ed6"/><circle cx="250" cy="60" r="30" fill="#ffd43b"/><path d="M0 180 L110 80 L200 180 Z" fill="#2b8a3e"/></svg>',
  );

type DemoFieldProps = {
  sample: Sample;
  label: string;
  state: FieldState;
  disabled?: boolean;
  empty?: boolean;
};

/** One widget in one state, editable so its behaviour can be tried. */
function DemoField({ sample, label, state, disabled = false, empty = false }: DemoFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const Widget = useWidget(sample.element.widget);
  const [value, setValue] = useState<unknown>(empty ? undefined : sample.value);
  if (!Widget) return null;
  return (
    <div data-state={state}>
      <Widget
        id={id}
        value={value}
        onChange={setValue}
        label={label}
        help={t('forms.demo.help')}
        errors={state === 'invalid' ? [t('forms.demo.sampleError')] : []}
        state={state}
        disabled={disabled}
        element={sample.element}
        schema={sample.schema}
      />
    </div>
  );
}

/** /components-demo: every form widget in its states (neutral, valid, invalid, disabled). */
export default function ComponentsDemoPage() {
  const { t } = useTranslation();
  const samples = samplesOf(t);
  const input = samples[0];
  return (
    <Page title={t('forms.demo.title')} size="lg">
      <Text>{t('forms.demo.intro')}</Text>
      {samples.map((sample) => (
        <Stack key={sample.key} component="section" gap="sm" aria-labelledby={`demo-${sample.key}`}>
          <Title order={2} id={`demo-${sample.key}`}>
            {sample.heading}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
            <DemoField
              sample={sample}
              label={`${sample.heading}: ${t('forms.demo.neutral')}`}
              state="neutral"
              empty
            />
            <DemoField sample={sample} label={`${sample.heading}: ${t('forms.demo.valid')}`} state="valid" />
            <DemoField
              sample={sample}
              label={`${sample.heading}: ${t('forms.demo.invalid')}`}
              state="invalid"
            />
            <DemoField
              sample={sample}
              label={`${sample.heading}: ${t('forms.demo.disabled')}`}
              state="neutral"
              disabled
            />
          </SimpleGrid>
        </Stack>
      ))}
      {input && (
        <Stack component="section" gap="sm" aria-labelledby="demo-input-types">
          <Title order={2} id="demo-input-types">
            {t('forms.demo.inputTypes')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
            {INPUT_TYPES.map((type) => (
              <DemoField
                key={type}
                sample={{
                  ...input,
                  key: type,
                  element: { ...input.element, widget: 'input', options: { type } },
                }}
                label={t('forms.demo.inputType', { type })}
                state="neutral"
                empty
              />
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </Page>
  );
}
