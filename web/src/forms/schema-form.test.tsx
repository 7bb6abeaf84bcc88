import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import userEvent from '@testing-library/user-event';
import type { UiSchema } from '@einwurf/contract';
import { fieldBox, renderField, renderSchemaForm } from './form-harness';
import { acceptingValidator, FormsTestProviders, objectSchema, renderWithForms } from './test-utils';
import { SchemaForm } from './schema-form';

const schema = objectSchema(
  {
    lead: { type: 'string', maxLength: 5 },
    email: { type: 'string', format: 'email' },
    place: { type: 'string', minLength: 1 },
  },
  ['place'],
);
const uiSchema: UiSchema = [
  { scope: 'place', widget: 'input', label: { de: 'Ort', 'de-CH': '', en: 'Place' } },
  {
    scope: 'lead',
    widget: 'textarea',
    label: { de: 'Vorspann', 'de-CH': 'Lead (CH)', en: 'Lead' },
    help: { de: 'Kurz bitte.', 'de-CH': 'Kurz bitte.', en: 'Keep it short.' },
  },
  {
    scope: 'email',
    widget: 'input',
    label: { de: 'E-Mail', 'de-CH': 'E-Mail', en: 'E-mail' },
    options: { type: 'email' },
  },
];

describe('SchemaForm', () => {
  it('renders the fields in UI-schema order with labels in the current language', () => {
    const { container } = renderSchemaForm(schema, uiSchema, { language: 'en' });
    const scopes = [...container.querySelectorAll('[data-field]')].map((el) => el.getAttribute('data-field'));
    expect(scopes).toEqual(['place', 'lead', 'email']);
    expect(screen.getByRole('textbox', { name: 'Place' })).toBeInTheDocument();
    expect(screen.getByLabelText('Lead')).toHaveAccessibleDescription('Keep it short.');
  });

  it('falls back from Swiss German to German where a label is empty', () => {
    renderSchemaForm(schema, uiSchema, { language: 'de-CH' });
    expect(screen.getByRole('textbox', { name: 'Ort' })).toBeInTheDocument();
    expect(screen.getByLabelText('Lead (CH)')).toBeInTheDocument();
  });

  it('keeps a field neutral until changed, then shows it invalid with translated errors, then valid', async () => {
    const user = userEvent.setup();
    const { container, lastValue } = renderSchemaForm(schema, uiSchema, { value: { email: 'no mail' } });
    const email = screen.getByLabelText('E-Mail');
    expect(fieldBox(container, 'email')).toHaveAttribute('data-state', 'neutral');
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(/Format email/)).not.toBeInTheDocument();

    await user.type(email, 'x');
    expect(fieldBox(container, 'email')).toHaveAttribute('data-state', 'invalid');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(
      'Bitte gib eine E-Mail-Adresse ein, zum Beispiel name@example.org.',
    );

    await user.clear(email);
    await user.type(email, 'a@example.org');
    expect(fieldBox(container, 'email')).toHaveAttribute('data-state', 'valid');
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(lastValue()).toEqual({ email: 'a@example.org' });
    // Draft mode: the untouched required field stays neutral and silent.
    expect(fieldBox(container, 'place')).toHaveAttribute('data-state', 'neutral');
  });

  it('marks the fields the schema requires with an asterisk and aria-required', () => {
    renderSchemaForm(schema, uiSchema);
    const place = screen.getByRole('textbox', { name: 'Ort' });
    expect(place).toHaveAttribute('aria-required', 'true');
    expect(place).not.toHaveAttribute('required');
    expect(place.closest('[data-field]')?.querySelector('label')).toHaveTextContent('Ort *');
    expect(screen.getByRole('textbox', { name: 'Vorspann' })).not.toHaveAttribute('aria-required');
  });

  it('passes axe with a required field of every kind, filled so that the clear buttons show', async () => {
    const values = ['a', 'b'];
    const choices = [
      { value: 'a', text: 'A' },
      { value: 'b', text: 'B' },
    ];
    const properties = {
      consent: { type: 'boolean', const: true },
      topic: { type: 'string', enum: values },
      audience: { type: 'array', items: { type: 'string', enum: values } },
      tags: { type: 'array', items: { type: 'string' } },
      picked: { type: 'array', items: { type: 'string', enum: values } },
      day: { type: 'string', format: 'date' },
      starts: { type: 'string', format: 'date-time' },
      colour: { type: 'string' },
      amount: { type: 'number', minimum: 0, maximum: 10 },
    };
    const named = (scope: string) => ({ de: scope, 'de-CH': scope, en: scope });
    const ui: UiSchema = [
      { scope: 'consent', label: named('consent'), widget: 'checkbox' },
      { scope: 'topic', label: named('topic'), widget: 'select', options: { choices } },
      { scope: 'audience', label: named('audience'), widget: 'select', options: { multiple: true, choices } },
      { scope: 'tags', label: named('tags'), widget: 'tags' },
      { scope: 'picked', label: named('picked'), widget: 'tags-predefined', options: { tags: values } },
      { scope: 'day', label: named('day'), widget: 'date' },
      { scope: 'starts', label: named('starts'), widget: 'datetime' },
      { scope: 'colour', label: named('colour'), widget: 'input', options: { type: 'color' } },
      { scope: 'amount', label: named('amount'), widget: 'input', options: { type: 'range' } },
    ];
    const { container } = renderSchemaForm(objectSchema(properties, Object.keys(properties)), ui, {
      value: {
        consent: true,
        topic: 'a',
        audience: ['a'],
        tags: ['Bern'],
        picked: ['b'],
        day: '2026-11-21',
        starts: '2026-11-21T18:30:00.000Z',
        colour: '#336699',
        amount: 3,
      },
    });
    await waitFor(() => expect(container.querySelector('[data-lazy-widget]')).toBeNull());
    expect(
      screen.getAllByRole('button', { name: /Auswahl löschen|Alle Schlagwörter entfernen|Datum löschen/ }),
    ).toHaveLength(6);
    // jsdom computes no colours (the browser journeys check contrast); the form stands without a page.
    const results = await axe.run(container, {
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`)).toEqual([]);
  });

  it('never shows an emptied required field as valid, in draft mode either', async () => {
    const user = userEvent.setup();
    const { container } = renderSchemaForm(schema, uiSchema, { value: { place: 'Bern' } });
    const place = screen.getByRole('textbox', { name: 'Ort' });
    await user.type(place, 'x');
    expect(fieldBox(container, 'place')).toHaveAttribute('data-state', 'valid');
    await user.clear(place);
    expect(fieldBox(container, 'place')).toHaveAttribute('data-state', 'neutral');
    expect(place).not.toHaveAttribute('data-success');
  });

  it('checks required fields in strict mode once they are dirty', async () => {
    const user = userEvent.setup();
    const { container } = renderSchemaForm(schema, uiSchema, { mode: 'strict' });
    expect(screen.queryByText('Dieses Feld ist erforderlich.')).not.toBeInTheDocument();
    const place = screen.getByRole('textbox', { name: 'Ort' });
    await user.type(place, 'B');
    expect(fieldBox(container, 'place')).toHaveAttribute('data-state', 'valid');
    await user.clear(place);
    expect(fieldBox(container, 'place')).toHaveAttribute('data-state', 'invalid');
    expect(screen.getByText('Dieses Feld ist erforderlich.')).toBeInTheDocument();
  });

  it('translates errors with their params', async () => {
    const user = userEvent.setup();
    renderSchemaForm(schema, uiSchema, { language: 'en' });
    await user.type(screen.getByLabelText('Lead'), 'too long');
    expect(screen.getByText('Please enter at most 5 characters.')).toBeInTheDocument();
  });

  it('shows server errors on their fields whether dirty or not, until the field changes', async () => {
    const user = userEvent.setup();
    const { container } = renderSchemaForm(schema, uiSchema, {
      value: { lead: 'ok' },
      errors: [
        { field: 'data/lead', keyword: 'maxLength', message: 'validation.maxLength', params: { limit: 1 } },
        { field: 'place', keyword: 'required', message: 'validation.required', params: {} },
      ],
    });
    expect(fieldBox(container, 'lead')).toHaveAttribute('data-state', 'invalid');
    expect(screen.getByLabelText('Vorspann')).toHaveAccessibleDescription(
      expect.stringContaining('Bitte gib höchstens ein Zeichen ein.'),
    );
    expect(fieldBox(container, 'place')).toHaveTextContent('Dieses Feld ist erforderlich.');
    expect(fieldBox(container, 'email')).toHaveAttribute('data-state', 'neutral');

    await user.type(screen.getByLabelText('Vorspann'), '!');
    expect(fieldBox(container, 'lead')).toHaveAttribute('data-state', 'valid');
    expect(fieldBox(container, 'place')).toHaveTextContent('Dieses Feld ist erforderlich.');
  });

  it('disables every field when asked', () => {
    renderField({ scope: 'lead', widget: 'textarea' }, { type: 'string' }, { disabled: true });
    expect(screen.getByLabelText('lead')).toBeDisabled();
  });

  it('relabels its fields when the language changes', () => {
    const { i18n } = renderSchemaForm(schema, uiSchema);
    expect(screen.getByLabelText('Vorspann')).toBeInTheDocument();
    act(() => void i18n.changeLanguage('en'));
    expect(screen.getByLabelText('Lead')).toBeInTheDocument();
  });

  it('takes a new value from its caller (a load or a reset) without reporting it back', () => {
    const onChange = () => {
      throw new Error('must not be called');
    };
    const form = (value: Record<string, unknown>) => (
      <SchemaForm
        schema={schema}
        uiSchema={uiSchema}
        value={value}
        onChange={onChange}
        validator={acceptingValidator}
      />
    );
    const { i18n, rerender } = renderWithForms(form({ place: 'Bern' }));
    expect(screen.getByRole('textbox', { name: 'Ort' })).toHaveValue('Bern');
    rerender(<FormsTestProviders i18n={i18n}>{form({ place: 'Basel' })}</FormsTestProviders>);
    expect(screen.getByRole('textbox', { name: 'Ort' })).toHaveValue('Basel');
  });
});
