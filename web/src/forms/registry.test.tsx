import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import type { UiSchema } from '@einwurf/contract';
import { renderSchemaForm } from './form-harness';
import { getWidget, registerWidget } from './registry';
import { objectSchema, text } from './test-utils';
import type { WidgetProps } from './types';

const schema = objectSchema({
  content: { type: 'string' },
  image: { type: 'string' },
  attachments: { type: 'array', items: { type: 'string' } },
});
const uiSchema: UiSchema = [
  { scope: 'content', widget: 'markdown', label: text('Text') },
  { scope: 'image', widget: 'image', label: text('Titelbild') },
  { scope: 'attachments', widget: 'files', label: text('Anhänge') },
];
const value = {
  content: '# Hallo',
  image: '/api/v1/files/abc/cover.png',
  attachments: ['/api/v1/files/abc/plan.pdf', '/api/v1/files/abc/map.png'],
};

const restores: (() => void)[] = [];
afterEach(() => restores.splice(0).forEach((restore) => restore()));

describe('widget registry', () => {
  it('has a widget for every name of the UI-schema format', () => {
    for (const name of [
      'markdown',
      'image',
      'files',
      'input',
      'textarea',
      'select',
      'checkbox',
      'date',
      'time',
      'datetime',
      'tags',
      'tags-predefined',
    ]) {
      expect(getWidget(name), name).toBeDefined();
    }
  });

  it('renders the rich widgets with the stored values', () => {
    renderSchemaForm(schema, uiSchema, { value });
    // The Markdown editor loads lazily; until then the field is a plain text area with the value.
    expect(screen.getByLabelText('Text')).toHaveValue('# Hallo');
    expect(screen.getByRole('img', { name: 'Titelbild: cover.png' })).toHaveAttribute(
      'src',
      '/api/v1/files/abc/cover.png?variant=preview',
    );
    const files = screen.getByRole('list', { name: 'Anhänge' });
    expect(
      within(files)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([expect.stringContaining('plan.pdf'), expect.stringContaining('map.png')]);
  });

  it('switches a form on screen to a widget registered later, and back when it is removed', () => {
    renderSchemaForm(schema, uiSchema, { value });
    function RichEditor({ id, label, value: current }: WidgetProps) {
      return (
        <div id={id} role="textbox" aria-label={`${label} (rich)`}>
          {String(current)}
        </div>
      );
    }
    let restore = () => {};
    act(() => {
      restore = registerWidget('markdown', RichEditor);
    });
    expect(screen.getByRole('textbox', { name: 'Text (rich)' })).toHaveTextContent('# Hallo');
    act(() => restore());
    expect(screen.queryByRole('textbox', { name: 'Text (rich)' })).toBeNull();
    expect(screen.getByLabelText('Text')).toBeInTheDocument();
  });
});
