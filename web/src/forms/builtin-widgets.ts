import type { WidgetName } from '@einwurf/contract';
import type { WidgetComponent } from './types';
import { CheckboxWidget } from './widgets/checkbox-widget';
import { FilesWidget } from './widgets/files/files-widget';
import { ImageWidget } from './widgets/image/image-widget';
import { InputWidget } from './widgets/input-widget';
import { LazyDateTimeWidget, LazyDateWidget, LazyTimeWidget } from './widgets/lazy-date-widgets';
import { MarkdownWidget } from './widgets/markdown/markdown-widget';
import { SelectWidget } from './widgets/select-widget';
import { TagsPredefinedWidget } from './widgets/tags-predefined-widget';
import { TagsWidget } from './widgets/tags-widget';
import { TextareaWidget } from './widgets/textarea-widget';

/**
 * The widgets the registry starts with; registerWidget may replace any of them. The Markdown
 * editor and the date widgets load their chunks lazily and show plain fields until then.
 */
export const BUILTIN_WIDGETS: Record<WidgetName, WidgetComponent> = {
  markdown: MarkdownWidget,
  image: ImageWidget,
  files: FilesWidget,
  input: InputWidget,
  textarea: TextareaWidget,
  select: SelectWidget,
  checkbox: CheckboxWidget,
  date: LazyDateWidget,
  time: LazyTimeWidget,
  datetime: LazyDateTimeWidget,
  tags: TagsWidget,
  'tags-predefined': TagsPredefinedWidget,
};
