import { describe, expect, it } from 'vitest';
import { options, type VNode } from 'preact';
import * as compat from 'preact/compat';
import * as React from 'react';
import * as ReactDom from 'react-dom';
import { render, screen } from '@testing-library/react';
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { renderScreen } from '../test/render';

/** The element types Preact draws while `draw` runs. */
function drawnByPreact(draw: () => void): unknown[] {
  const types: unknown[] = [];
  const previous = options.diffed;
  options.diffed = (vnode: VNode) => {
    types.push(vnode.type);
    previous?.(vnode);
  };
  try {
    draw();
  } finally {
    options.diffed = previous;
  }
  return types;
}

function Greeting() {
  const { t } = useTranslation();
  return <Button>{t('app.documentTitle', { screen: 'Hallo' })}</Button>;
}

// The app ships on preact/compat (web/preact-aliases.ts); the tests must run on it too, or they would
// test a runtime the readers never get.
describe('the runtime the tests run on', () => {
  it('is preact/compat wherever React is imported', () => {
    expect(React.useState).toBe(compat.useState);
    expect(ReactDom.createPortal).toBe(compat.createPortal);
  });

  it('draws what Testing Library renders, libraries and all', async () => {
    const types = drawnByPreact(() => renderScreen(<Greeting />));
    expect(types).toContain(Greeting);
    expect(await screen.findByRole('button', { name: 'Hallo – Einwurf' })).toBeInTheDocument();
  });

  it('draws a plain element Testing Library renders', () => {
    expect(drawnByPreact(() => render(<p>Hallo</p>))).toContain('p');
  });
});
