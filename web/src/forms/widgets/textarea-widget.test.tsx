import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fieldBox, renderField } from '../form-harness';

const ROW = 20;

// jsdom lays nothing out: give each line of text 20px and no padding, so the autosize arithmetic runs.
function measureLines() {
  const original = window.getComputedStyle.bind(window);
  const overrides: Record<string, string> = {
    boxSizing: 'content-box',
    paddingTop: '0px',
    paddingBottom: '0px',
    borderTopWidth: '0px',
    borderBottomWidth: '0px',
  };
  vi.spyOn(window, 'getComputedStyle').mockImplementation(
    (element) =>
      new Proxy(original(element), {
        get: (target, key) =>
          typeof key === 'string' && key in overrides ? overrides[key] : Reflect.get(target, key),
      }),
  );
  vi.spyOn(HTMLTextAreaElement.prototype, 'scrollHeight', 'get').mockImplementation(function (
    this: HTMLTextAreaElement,
  ) {
    return ROW * Math.max(1, this.value.split('\n').length);
  });
}

afterEach(() => vi.restoreAllMocks());

describe('textarea widget', () => {
  it('shows three rows when short and grows to at most six', () => {
    measureLines();
    renderField({ scope: 'lead', widget: 'textarea' }, { type: 'string' });
    const textarea = screen.getByLabelText('lead');
    expect(textarea.tagName).toBe('TEXTAREA');
    expect(textarea.style.height).toBe(`${3 * ROW}px`);

    fireEvent.input(textarea, { target: { value: 'a\nb\nc\nd\ne' } });
    expect(textarea.style.height).toBe(`${5 * ROW}px`);
    fireEvent.input(textarea, { target: { value: Array.from({ length: 12 }, () => 'line').join('\n') } });
    expect(textarea.style.height).toBe(`${6 * ROW}px`);
  });

  it('is neutral until typed in, then valid or invalid', async () => {
    const user = userEvent.setup();
    const { container, lastValue } = renderField(
      { scope: 'lead', widget: 'textarea' },
      { type: 'string', maxLength: 3 },
    );
    expect(fieldBox(container, 'lead')).toHaveAttribute('data-state', 'neutral');
    await user.type(screen.getByLabelText('lead'), 'abc');
    expect(fieldBox(container, 'lead')).toHaveAttribute('data-state', 'valid');
    await user.type(screen.getByLabelText('lead'), 'd');
    expect(fieldBox(container, 'lead')).toHaveAttribute('data-state', 'invalid');
    expect(lastValue()).toEqual({ lead: 'abcd' });
  });
});
