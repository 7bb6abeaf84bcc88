import { useEffect, type RefObject } from 'react';
import { Radio, Stack, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ownTimeZone, setTimeZoneChoice, useTimeZoneChoice, type TimeZoneChoice } from '../../lib/time-zone';
import classes from './app-frame.module.css';

type DisplaySettingsPanelProps = {
  id: string;
  /** The settings' element (button and panel): a click outside it closes the panel. */
  container: RefObject<HTMLElement | null>;
  /** Closes the panel; Escape hands focus back to the button, a click elsewhere leaves it there. */
  onClose: (returnFocus: boolean) => void;
};

const SCHEMES: readonly MantineColorScheme[] = ['light', 'dark', 'auto'];
const SCHEME_KEY = { light: 'display.light', dark: 'display.dark', auto: 'display.system' } as const;
const isScheme = (value: string): value is MantineColorScheme =>
  (SCHEMES as readonly string[]).includes(value);
const isTimeZoneChoice = (value: string): value is TimeZoneChoice => value === 'utc' || value === 'local';

/** The display settings: colour scheme and time zone, each a radio group that applies at once. */
export default function DisplaySettingsPanel({ id, container, onClose }: DisplaySettingsPanelProps) {
  const { t } = useTranslation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const timeZone = useTimeZoneChoice();

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && container.current?.contains(document.activeElement)) {
        event.stopPropagation();
        onClose(true);
      }
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) onClose(false);
    };
    document.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [container, onClose]);

  return (
    <div id={id} className={classes.displayPanel}>
      <Stack gap="md">
        <Radio.Group
          label={t('display.colorScheme')}
          value={colorScheme}
          onChange={(value) => {
            if (isScheme(value)) setColorScheme(value);
          }}
        >
          <Stack gap={6} mt={6}>
            {SCHEMES.map((scheme) => (
              <Radio key={scheme} value={scheme} label={t(SCHEME_KEY[scheme])} />
            ))}
          </Stack>
        </Radio.Group>
        <Radio.Group
          label={t('display.times')}
          value={timeZone}
          onChange={(value) => {
            if (isTimeZoneChoice(value)) setTimeZoneChoice(value);
          }}
        >
          <Stack gap={6} mt={6}>
            <Radio value="utc" label={t('display.utc')} />
            <Radio value="local" label={t('display.ownZone', { zone: ownTimeZone() })} />
          </Stack>
        </Radio.Group>
      </Stack>
    </div>
  );
}
