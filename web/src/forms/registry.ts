import { useSyncExternalStore } from 'react';
import type { WidgetName } from '@einwurf/contract';
import { BUILTIN_WIDGETS } from './builtin-widgets';
import type { WidgetComponent } from './types';

const widgets = new Map<string, WidgetComponent>(Object.entries(BUILTIN_WIDGETS));
const listeners = new Set<() => void>();
let version = 0;

/**
 * Registers (or replaces) the component of a widget; forms already on screen switch to it, so the
 * rich editors can load in a chunk of their own. Returns a function that restores the previous one.
 */
export function registerWidget(name: WidgetName, component: WidgetComponent): () => void {
  const previous = widgets.get(name);
  widgets.set(name, component);
  notify();
  return () => {
    if (widgets.get(name) !== component) return;
    if (previous) widgets.set(name, previous);
    else widgets.delete(name);
    notify();
  };
}

/** The component registered for a widget, if any. */
export function getWidget(name: string): WidgetComponent | undefined {
  return widgets.get(name);
}

function notify() {
  version += 1;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The component of a widget, re-rendering when another module registers a new one. */
export function useWidget(name: string): WidgetComponent | undefined {
  useSyncExternalStore(subscribe, () => version);
  return widgets.get(name);
}
