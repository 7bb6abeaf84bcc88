import { lazy, Suspense, useId, useRef, useState } from 'react';
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './app-frame.module.css';

// The panel (radio groups, its listeners) loads on the first open: the header's button is all the
// first load carries.
const DisplaySettingsPanel = lazy(() => import('./display-settings-panel'));

/**
 * "Display" in the top bar: a disclosure with the colour scheme (light, dark, the system's) and where
 * times are shown (UTC, the spec's default, or the person's own zone); both choices are remembered.
 */
export function DisplaySettings({ direction }: { direction: 'row' | 'column' }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const close = (returnFocus: boolean) => {
    setOpened(false);
    if (returnFocus) button.current?.focus();
  };

  return (
    <div ref={root} className={classes.displaySettings} data-direction={direction}>
      <Button
        ref={button}
        variant="default"
        size="sm"
        aria-expanded={opened}
        aria-controls={panelId}
        onClick={() => setOpened((open) => !open)}
      >
        {t('display.button')}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <DisplaySettingsPanel id={panelId} container={root} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
