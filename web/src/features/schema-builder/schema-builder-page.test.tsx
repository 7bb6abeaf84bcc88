import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithForms } from '../../forms/test-utils';
import SchemaBuilderPage from './schema-builder-page';

const uiSchema = JSON.stringify([
  { scope: 'place', widget: 'input', label: { de: 'Ort', 'de-CH': 'Ort', en: 'Place' } },
  { scope: 'reviewed', widget: 'checkbox', label: { de: 'Geprüft', 'de-CH': 'Geprüft', en: 'Checked' } },
]);
const jsonSchema = JSON.stringify({
  type: 'object',
  properties: {
    title: { type: 'string' },
    place: { type: 'string', minLength: 1, maxLength: 3 },
    reviewed: { type: 'boolean' },
  },
  required: ['place'],
});

function fill(ui: string, schema: string) {
  fireEvent.input(screen.getByLabelText('UI-Schema (JSON-Array)'), { target: { value: ui } });
  fireEvent.input(screen.getByLabelText('JSON-Schema (JSON-Objekt)'), { target: { value: schema } });
  fireEvent.click(screen.getByRole('button', { name: 'Prüfen' }));
}

const failure = () => screen.getByRole('alert');

describe('schema builder page', () => {
  it.each([
    ['UI schema not JSON', '[{', jsonSchema, 'Das UI-Schema ist kein gültiges JSON.'],
    ['UI schema not an array', '{}', jsonSchema, 'Das UI-Schema muss ein Array sein.'],
    ['JSON schema not JSON', uiSchema, '{"type":', 'Das JSON-Schema ist kein gültiges JSON.'],
    ['JSON schema not an object', uiSchema, '[]', 'Das JSON-Schema muss ein Objekt sein.'],
  ])('says so when the %s', (_case, ui, schema, message) => {
    renderWithForms(<SchemaBuilderPage />);
    fill(ui, schema);
    expect(failure()).toHaveTextContent('Die Schemas passen nicht');
    expect(failure()).toHaveTextContent(message);
    expect(screen.queryByRole('heading', { name: 'Vorschau des Formulars' })).not.toBeInTheDocument();
  });

  it('lists the properties that only one side covers', () => {
    renderWithForms(<SchemaBuilderPage />);
    const schema = JSON.parse(jsonSchema) as { properties: Record<string, unknown> };
    schema.properties.ends_on = { type: 'string' };
    delete schema.properties.reviewed;
    fill(uiSchema, JSON.stringify(schema));
    expect(failure()).toHaveTextContent('UI-Schema und JSON-Schema decken nicht dieselben Eigenschaften ab.');
    expect(within(failure()).getByText('Nur im UI-Schema: reviewed')).toBeInTheDocument();
    expect(within(failure()).getByText('Nur im JSON-Schema: ends_on')).toBeInTheDocument();
  });

  it('names a malformed element before previewing', () => {
    renderWithForms(<SchemaBuilderPage />);
    fill(
      JSON.stringify([{ scope: 'place', widget: 'slider', label: { de: 'Ort', 'de-CH': 'Ort', en: 'Ort' } }]),
      JSON.stringify({ type: 'object', properties: { place: { type: 'string' } } }),
    );
    expect(failure()).toHaveTextContent('Das UI-Schema hat einen Fehler bei /0/widget');
    expect(failure()).toHaveTextContent(/Erlaubt ist nur: "markdown", "image", .*"tags-predefined"\./);
  });

  it('words the problems of an element in the interface language, not in schema jargon', () => {
    const ui = JSON.stringify([
      {
        scope: 'topics',
        widget: 'tags-predefined',
        label: { de: 'Themen', 'de-CH': 'Themen', en: 'Topics' },
        lable: 'x',
        options: { tags: ['Climate'] },
      },
    ]);
    const schema = JSON.stringify({ type: 'object', properties: { topics: { type: 'array' } } });
    renderWithForms(<SchemaBuilderPage />, { language: 'en' });
    fireEvent.input(screen.getByLabelText('UI schema (JSON array)'), { target: { value: ui } });
    fireEvent.input(screen.getByLabelText('JSON schema (JSON object)'), { target: { value: schema } });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(
      within(failure()).getByText(/at \/0\/options\/tags\/0: .*lowercase letters only\./),
    ).toBeInTheDocument();
    expect(within(failure()).getByText(/at \/0: Unknown key: "lable"\./)).toBeInTheDocument();
    expect(failure()).not.toHaveTextContent(/must /);
  });

  it('renders the live form when both fit, validating as the server would', async () => {
    const user = userEvent.setup();
    renderWithForms(<SchemaBuilderPage />, { language: 'en' });
    fireEvent.input(screen.getByLabelText('UI schema (JSON array)'), { target: { value: uiSchema } });
    fireEvent.input(screen.getByLabelText('JSON schema (JSON object)'), { target: { value: jsonSchema } });
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.queryByText('The schemas do not fit')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Form preview' })).toBeInTheDocument();
    const place = screen.getByRole('textbox', { name: 'Place' });
    expect(screen.getByRole('checkbox', { name: 'Checked' })).toBeInTheDocument();
    await user.type(place, 'Bern');
    expect(place).toHaveAccessibleDescription('Please enter at most 3 characters.');
  });
});
