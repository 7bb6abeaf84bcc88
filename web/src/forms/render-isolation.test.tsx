import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UiSchema } from '@einwurf/contract';
import { renderSchemaForm } from './form-harness';
import { registerWidget } from './registry';
import { objectSchema, text } from './test-utils';
import type { WidgetProps } from './types';
import { InputWidget } from './widgets/input-widget';

const FIELDS = 40;
const scopes = Array.from({ length: FIELDS }, (_, i) => `field_${i}`);
const schema = objectSchema(
  Object.fromEntries(scopes.map((scope) => [scope, { type: 'string', maxLength: 3 }])),
  scopes,
);
const uiSchema: UiSchema = scopes.map((scope) => ({ scope, widget: 'input', label: text(scope) }));

let restore = () => {};
afterEach(() => restore());

describe('re-render isolation', () => {
  it('re-renders only the field typed in, not its 39 siblings, even with a parent holding the value', async () => {
    const renders = new Map<string, number>();
    function CountingInput(props: WidgetProps) {
      renders.set(props.element.scope, (renders.get(props.element.scope) ?? 0) + 1);
      return <InputWidget {...props} />;
    }
    restore = registerWidget('input', CountingInput);
    const user = userEvent.setup();
    const { lastValue } = renderSchemaForm(schema, uiSchema, { mode: 'strict' });
    expect(renders.size).toBe(FIELDS);
    const before = new Map(renders);

    await user.type(screen.getByRole('textbox', { name: 'field_7' }), 'abcdef');

    expect(lastValue()).toEqual({ field_7: 'abcdef' });
    const rerendered = scopes.filter((scope) => renders.get(scope) !== before.get(scope));
    expect(rerendered).toEqual(['field_7']);
    // One render per keystroke at most, plus the ones where its state changes: never a render storm.
    expect((renders.get('field_7') ?? 0) - (before.get('field_7') ?? 0)).toBeLessThanOrEqual(6 * 2);
    expect(screen.getByRole('textbox', { name: 'field_7' })).toHaveAttribute('aria-invalid', 'true');
  });
});
