import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, List, Stack, Text, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import './strings';
import type { TFunction } from 'i18next';
import {
  checkUiSchema,
  compareCoverage,
  createEntryValidator,
  type EntryValidator,
  type FormatProblem,
  type ObjectSchema,
  type UiSchema,
} from '@einwurf/contract';
import { Page } from '../../components/page';
import { SchemaForm } from '../../forms/schema-form';
import type { FormData } from '../../forms/form-store';

type Check =
  | { ok: false; messages: string[] }
  | { ok: true; schema: ObjectSchema; uiSchema: UiSchema; validator: EntryValidator };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const PROBLEM_KEYWORDS = [
  'required',
  'additionalProperties',
  'enum',
  'const',
  'type',
  'minItems',
  'minLength',
  'uniqueItems',
  'lowercase',
  'repeatedTag',
  'notArray',
] as const;
const TYPE_WORDS = ['object', 'array', 'string', 'boolean', 'number', 'integer'] as const;
const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  (list as readonly unknown[]).includes(value);

/** The names a problem's params list (missing or unknown keys, allowed values, a repeated tag). */
function namesOf(params: Record<string, unknown>): string {
  const listed = [
    params.requiredProperties,
    params.additionalProperties,
    params.allowedValues,
    params.allowedValue,
    params.value,
  ].find((v) => v !== undefined);
  const items = Array.isArray(listed) ? listed : listed === undefined ? [] : [listed];
  return items.map((item) => JSON.stringify(item)).join(', ');
}

/** A problem of the UI schema in the interface language. */
function describeProblem(problem: FormatProblem, t: TFunction): string {
  const keyword = isOneOf(PROBLEM_KEYWORDS, problem.keyword) ? problem.keyword : 'other';
  const params = problem.params ?? {};
  const type = isOneOf(TYPE_WORDS, params.type) ? params.type : 'other';
  return t(`forms.builder.problems.${keyword}`, {
    names: namesOf(params),
    limit: params.limit,
    type: t(`forms.builder.types.${type}`),
  });
}

/** Runs the builder's checks (spec section 5) and, when they pass, prepares what the preview needs. */
function checkSchemas(uiText: string, schemaText: string, t: TFunction): Check {
  const coverage = compareCoverage(uiText, schemaText);
  if (!coverage.ok) {
    const messages = [t(`forms.builder.errors.${coverage.error}`)];
    const { onlyInUi = [], onlyInSchema = [] } = coverage.details ?? {};
    if (onlyInUi.length > 0)
      messages.push(t('forms.builder.errors.onlyInUi', { names: onlyInUi.join(', ') }));
    if (onlyInSchema.length > 0) {
      messages.push(t('forms.builder.errors.onlyInSchema', { names: onlyInSchema.join(', ') }));
    }
    return { ok: false, messages };
  }
  // The preview renders every element, so each must be well-formed (widget, options) beyond its scope.
  const problems = checkUiSchema(coverage.uiSchema);
  if (problems.length > 0) {
    return {
      ok: false,
      messages: problems.map((p) =>
        t('forms.builder.errors.ui-format', { path: p.path || '/', message: describeProblem(p, t) }),
      ),
    };
  }
  const properties = isRecord(coverage.schema.properties) ? coverage.schema.properties : {};
  const schema = { ...coverage.schema, type: 'object', properties } as ObjectSchema;
  try {
    // Pasted schemas cannot be compiled ahead of time: Ajv compiles them here with `new Function`, so the
    // server sends this document (/publish/schema-builder only) a CSP that allows 'unsafe-eval'.
    const validator = createEntryValidator(schema);
    return { ok: true, schema, uiSchema: coverage.uiSchema as UiSchema, validator };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, messages: [t('forms.builder.errors.schema-compile', { message })] };
  }
}

const RELOADED_FOR_EVAL = 'einwurf_schema_builder_reloaded';

function canCompileSchemas(): boolean {
  try {
    new Function('return 1');
    return true;
  } catch {
    return false;
  }
}

/**
 * Reached by in-app navigation, this page still runs under the previous document's CSP, which forbids
 * eval: load the document once more so the server's builder CSP applies (once, never in a loop).
 */
function useDocumentThatAllowsEval(): void {
  useEffect(() => {
    if (canCompileSchemas()) {
      sessionStorage.removeItem(RELOADED_FOR_EVAL);
    } else if (!sessionStorage.getItem(RELOADED_FOR_EVAL)) {
      sessionStorage.setItem(RELOADED_FOR_EVAL, '1');
      window.location.reload();
    }
  }, []);
}

/** /schema-builder: checks a pasted UI schema against a JSON schema and previews the form they make. */
export default function SchemaBuilderPage() {
  const { t } = useTranslation();
  useDocumentThatAllowsEval();
  const [uiText, setUiText] = useState('');
  const [schemaText, setSchemaText] = useState('');
  const [check, setCheck] = useState<Check | null>(null);
  const [value, setValue] = useState<FormData>({});

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setCheck(checkSchemas(uiText, schemaText, t));
    setValue({});
  };

  return (
    <Page title={t('forms.builder.title')} size="lg">
      <Text>{t('forms.builder.intro')}</Text>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Textarea
            label={t('forms.builder.uiSchema')}
            value={uiText}
            onChange={(event) => setUiText(event.currentTarget.value)}
            autosize
            minRows={8}
            maxRows={24}
            ff="monospace"
            spellCheck={false}
          />
          <Textarea
            label={t('forms.builder.jsonSchema')}
            value={schemaText}
            onChange={(event) => setSchemaText(event.currentTarget.value)}
            autosize
            minRows={8}
            maxRows={24}
            ff="monospace"
            spellCheck={false}
          />
          <Button type="submit" w="fit-content">
            {t('forms.builder.check')}
          </Button>
        </Stack>
      </form>
      <div aria-live="polite">
        {check && !check.ok && (
          <Alert color="red" title={t('forms.builder.failed')}>
            <List size="sm">
              {check.messages.map((message) => (
                <List.Item key={message}>{message}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        {check?.ok && (
          <Alert color="green" title={t('forms.builder.ok')}>
            {null}
          </Alert>
        )}
      </div>
      {check?.ok && (
        <Stack component="section" gap="md" aria-labelledby="schema-builder-preview">
          <Title order={2} id="schema-builder-preview">
            {t('forms.builder.preview')}
          </Title>
          <SchemaForm
            schema={check.schema}
            uiSchema={check.uiSchema}
            validator={check.validator}
            value={value}
            onChange={setValue}
            mode="strict"
          />
        </Stack>
      )}
    </Page>
  );
}
