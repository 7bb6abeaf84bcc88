import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fieldBox, renderField } from '../form-harness';
import { normalizeTags } from './tags-predefined-widget';

const tags = ['youth', 'climate', 'health', 'education'];
const element = { scope: 'topics', widget: 'tags-predefined', options: { tags } };
const property = { type: 'array', items: { type: 'string', enum: tags }, uniqueItems: true };

const offered = () => screen.queryAllByRole('option').map((option) => option.textContent);
const chips = (container: HTMLElement) =>
  [...fieldBox(container, 'topics').querySelectorAll('.mantine-Pill-label')].map((pill) => pill.textContent);

describe('normalizeTags', () => {
  it('lowercases, removes repeats and sorts', () => {
    expect(normalizeTags(['Youth', 'climate', 'YOUTH', 'Art'])).toEqual(['art', 'climate', 'youth']);
  });
});

describe('predefined tags widget', () => {
  it('offers only the tags not yet chosen, sorted, and keeps the chosen ones lowercased and sorted', async () => {
    const user = userEvent.setup();
    const { container, lastValue } = renderField(element, property, { value: { topics: ['Youth'] } });
    expect(chips(container)).toEqual(['youth']);
    await user.click(screen.getByRole('combobox', { name: 'topics' }));
    expect(offered()).toEqual(['climate', 'education', 'health']);

    await user.click(screen.getByRole('option', { name: 'health' }));
    expect(lastValue()).toEqual({ topics: ['health', 'youth'] });
    await user.click(screen.getByRole('option', { name: 'climate' }));
    expect(lastValue()).toEqual({ topics: ['climate', 'health', 'youth'] });
    expect(chips(container)).toEqual(['climate', 'health', 'youth']);
    expect(offered()).toEqual(['education']);
    expect(fieldBox(container, 'topics')).toHaveAttribute('data-state', 'valid');
  });

  it('searches case-insensitively and says when nothing matches', async () => {
    const user = userEvent.setup();
    renderField(element, property);
    const search = screen.getByRole('combobox', { name: 'topics' });
    await user.type(search, 'HEAL');
    expect(offered()).toEqual(['health']);
    await user.clear(search);
    await user.type(search, 'sport');
    expect(offered()).toEqual([]);
    expect(screen.getByText('Keine passenden Schlagwörter')).toBeInTheDocument();
  });

  it('works by keyboard alone: type, arrows, Enter, Backspace removes the last chip', async () => {
    const user = userEvent.setup();
    const { container, lastValue } = renderField(element, property);
    await user.tab();
    expect(screen.getByRole('combobox', { name: 'topics' })).toHaveFocus();
    await user.keyboard('Y{ArrowDown}{Enter}');
    expect(lastValue()).toEqual({ topics: ['youth'] });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(lastValue()?.topics).toHaveLength(2);
    expect(lastValue()?.topics).toEqual([...(lastValue()?.topics as string[])].sort());
    await user.keyboard('{Backspace}');
    expect(lastValue()?.topics).toHaveLength(1);
    expect(chips(container)).toHaveLength(1);
  });

  it('shows labelled tags by their text in the interface language and stores their values', async () => {
    const user = userEvent.setup();
    const labelled = {
      ...element,
      options: {
        tags: [
          { value: 'youth', text: { de: 'Jugend', 'de-CH': 'Jugend', en: 'Youth' } },
          { value: 'climate', text: { de: 'Klima', 'de-CH': 'Klima', en: 'Climate' } },
          'art',
        ],
      },
    };
    const { container, lastValue } = renderField(labelled, property, { value: { topics: ['youth'] } });
    expect(chips(container)).toEqual(['Jugend']);
    await user.click(screen.getByRole('combobox', { name: 'topics' }));
    expect(offered()).toEqual(['art', 'Klima']);
    await user.click(screen.getByRole('option', { name: 'Klima' }));
    expect(lastValue()).toEqual({ topics: ['climate', 'youth'] });
    expect(chips(container)).toEqual(['Klima', 'Jugend']);
  });

  it('removes a chip with its remove button', async () => {
    const user = userEvent.setup();
    const { container, lastValue } = renderField(element, property, {
      value: { topics: ['climate', 'youth'] },
    });
    const pill = [...fieldBox(container, 'topics').querySelectorAll<HTMLElement>('.mantine-Pill-root')].find(
      (el) => el.textContent === 'climate',
    );
    await user.click(within(pill!).getByRole('button', { hidden: true }));
    expect(lastValue()).toEqual({ topics: ['youth'] });
  });

  it('names its clear button in the interface language', () => {
    const { container } = renderField(element, property, { value: { topics: ['health'] }, language: 'en' });
    const box = within(fieldBox(container, 'topics'));
    expect(box.getByRole('button', { name: 'Remove all tags' })).toBeInTheDocument();
  });
});
