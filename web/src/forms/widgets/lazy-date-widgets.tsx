import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { TextInput } from '@mantine/core';
import type { WidgetComponent, WidgetProps } from '../types';
import { feedbackProps, textOf } from './feedback';

// The date, time and date-time widgets pull @mantine/dates and its calendar styles: a chunk of their
// own, loaded when a form shows such a field, so screens without one (and the Markdown editor's
// screen before it) do not carry them.

/** Stand-in while a date widget loads: the value as text, read-only, with the field's label. */
function DateFallbackWidget(props: WidgetProps) {
  return (
    <TextInput
      id={props.id}
      label={props.label}
      {...feedbackProps(props)}
      value={textOf(props.value)}
      readOnly
      data-lazy-widget
    />
  );
}

function lazyWidget(component: LazyExoticComponent<ComponentType<WidgetProps>>): WidgetComponent {
  const Lazy = component;
  return function LazyDateWidget(props: WidgetProps) {
    return (
      <Suspense fallback={<DateFallbackWidget {...props} />}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}

export const LazyDateWidget = lazyWidget(
  lazy(() => import('./date-widget').then((m) => ({ default: m.DateWidget }))),
);
export const LazyTimeWidget = lazyWidget(
  lazy(() => import('./time-widget').then((m) => ({ default: m.TimeWidget }))),
);
export const LazyDateTimeWidget = lazyWidget(
  lazy(() => import('./datetime-widget').then((m) => ({ default: m.DateTimeWidget }))),
);
