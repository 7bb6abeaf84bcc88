import type { WidgetName } from '@einwurf/contract';
import type { WidgetComponent } from './types';
import { CheckboxWidget } from './widgets/checkbox-widget';
import { DateWidget } from './widgets/date-widget';
import { DateTimeWidget } from './widgets/datetime-widget';
import { FilesFallbackWidget } from './widgets/files-fallback-widget';
import { ImageFallbackWidget } from './widgets/image-fallback-widget';
import { InputWidget } from './widgets/input-widget';
import { MarkdownFallbackWidget } from './widgets/markdown-fallback-widget';
import { SelectWidget } from './widgets/select-widget';
import { TagsPredefinedWidget } from './widgets/tags-predefined-widget';
import { TagsWidget } from './widgets/tags-widget';
import { TextareaWidget } from './widgets/textarea-widget';
import { TimeWidget } from './widgets/time-widget';

/**
 * The widgets the registry starts with. markdown, image and files are plain stand-ins that keep the
 * value until the rich editors register themselves (registerWidget) from their own module.
 */
export const BUILTIN_WIDGETS: Record<WidgetName, WidgetComponent> = {
  markdown: MarkdownFallbackWidget,
  image: ImageFallbackWidget,
  files: FilesFallbackWidget,
  input: InputWidget,
  textarea: TextareaWidget,
  select: SelectWidget,
  checkbox: CheckboxWidget,
  date: DateWidget,
  time: TimeWidget,
  datetime: DateTimeWidget,
  tags: TagsWidget,
  'tags-predefined': TagsPredefinedWidget,
};
