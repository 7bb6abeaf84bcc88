import '@mdxeditor/editor/style.css';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type FC } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Input, Textarea } from '@mantine/core';
import {
  headingsPlugin,
  imagePlugin,
  linkPlugin,
  listsPlugin,
  markdownShortcutPlugin,
  MDXEditor,
  quotePlugin,
  toolbarPlugin,
  type MDXEditorMethods,
  type Translation,
} from '@mdxeditor/editor';
import type { WidgetProps } from '../../types';
import { ErrorList, textOf } from '../feedback';
import { htmlGuardPlugin } from './html-guard';
import { imageWidthPlugin } from './image-width';
import { iconFor } from './icons';
import { ImageToolbar } from './image-toolbar';
import { EditorControlsContext, SourceToggle, ToolbarContents } from './markdown-toolbar';
import classes from './markdown-editor.module.css';

// The plugins never change; building them once keeps MDXEditor from re-initialising on each render.
const PLUGINS = [
  headingsPlugin({ allowedHeadingLevels: [2, 3, 4] }),
  listsPlugin(),
  quotePlugin(),
  linkPlugin(),
  // MDXEditor types this slot without the props it hands over.
  imagePlugin({ EditImageToolbar: ImageToolbar as FC, disableImageResize: true }),
  imageWidthPlugin(),
  htmlGuardPlugin(),
  markdownShortcutPlugin(),
  toolbarPlugin({ toolbarContents: () => <ToolbarContents />, toolbarClassName: classes.toolbar }),
];

/**
 * The rich Markdown editor (MDXEditor, loaded lazily by markdown-widget.tsx). The stored value is
 * the Markdown string. The source view is a plain textarea over the same string: switching to it
 * and back changes nothing unless the author edits the source.
 */
export default function MarkdownEditor({
  id,
  value,
  onChange,
  label,
  help,
  errors,
  state,
  required,
  disabled,
}: WidgetProps) {
  const { t, i18n } = useTranslation();
  const editorRef = useRef<MDXEditorMethods>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  /** The Markdown last emitted or received, so our own echoes are not loaded again. */
  const current = useRef(textOf(value));
  /** The source text while the source view is open, null in the rich view. */
  const [source, setSource] = useState<string | null>(null);
  const [unreadable, setUnreadable] = useState(false);
  const labelId = `${id}-label`;
  const helpId = `${id}-description`;
  const errorId = `${id}-error`;
  const describedBy = [help ? helpId : null, errors.length > 0 ? errorId : null].filter(Boolean).join(' ');
  const invalid = state === 'invalid';
  const sourceId = useId();

  // A value from outside (an entry loaded or reset) replaces the text. A layout effect, so it runs as
  // the value arrives: Preact runs plain effects after the next paint, by when the author may have
  // typed on, and an echo of an earlier keystroke would then replace the newer text.
  useLayoutEffect(() => {
    const text = textOf(value);
    if (text === current.current) return;
    current.current = text;
    if (source !== null) setSource(text);
    else editorRef.current?.setMarkdown(text);
  }, [value, source]);

  // MDXEditor's editable area is a div of its own, rendered after mount: name and describe it like
  // the other fields once it appears.
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const label = () => {
      const area = frame.querySelector<HTMLElement>('[contenteditable]');
      if (!area) return;
      area.id = `${id}-editor`;
      area.setAttribute('aria-labelledby', labelId);
      area.setAttribute('aria-multiline', 'true');
      if (describedBy) area.setAttribute('aria-describedby', describedBy);
      else area.removeAttribute('aria-describedby');
      if (invalid) area.setAttribute('aria-invalid', 'true');
      else area.removeAttribute('aria-invalid');
      if (required) area.setAttribute('aria-required', 'true');
    };
    label();
    const observer = new MutationObserver(label);
    observer.observe(frame, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [id, labelId, describedBy, invalid, required]);

  const emit = useCallback(
    (markdown: string) => {
      current.current = markdown;
      onChange(markdown);
    },
    [onChange],
  );

  const handleEditorChange = useCallback(
    (markdown: string, initialNormalize: boolean) => {
      // Loading normalises the Markdown; only the author's edits count as changes.
      if (initialNormalize || markdown === current.current) return;
      emit(markdown);
    },
    [emit],
  );

  const toggleSource = useCallback(() => {
    if (source === null) {
      setSource(current.current);
      return;
    }
    setUnreadable(false);
    editorRef.current?.setMarkdown(source);
    setSource(null);
  }, [source]);

  const translation = useCallback<Translation>(
    (key, defaultValue, interpolations) =>
      t(`markdownEditor.mdx.${key}`, { defaultValue, ...interpolations }),
    [t],
  );

  return (
    <EditorControlsContext.Provider value={{ disabled, source: source !== null, toggleSource }}>
      <Input.Wrapper
        label={label}
        labelElement="div"
        labelProps={{ id: labelId }}
        withAsterisk={required}
        description={help}
        descriptionProps={{ id: helpId }}
        error={errors.length > 0 ? <ErrorList errors={errors} /> : undefined}
        errorProps={{ id: errorId }}
      >
        {unreadable && (
          <Alert color="yellow" role="status" mb="xs">
            {t('markdownEditor.source.unreadable')}
          </Alert>
        )}
        <div
          ref={frameRef}
          className={classes.frame}
          data-state={state}
          data-disabled={disabled || undefined}
        >
          <div hidden={source !== null}>
            <MDXEditor
              key={i18n.language}
              ref={editorRef}
              markdown={current.current}
              onChange={handleEditorChange}
              onError={() => {
                setUnreadable(true);
                setSource(current.current);
              }}
              plugins={PLUGINS}
              translation={translation}
              iconComponentFor={iconFor}
              readOnly={disabled}
              className={classes.editor}
              contentEditableClassName={classes.content}
            />
          </div>
          {source !== null && (
            <>
              <div
                className={classes.sourceToolbar}
                role="toolbar"
                aria-label={t('markdownEditor.source.toolbar')}
              >
                <SourceToggle />
              </div>
              <Textarea
                id={sourceId}
                aria-labelledby={labelId}
                aria-describedby={describedBy || undefined}
                aria-invalid={invalid || undefined}
                aria-required={required || undefined}
                value={source}
                autosize
                minRows={10}
                maxRows={30}
                disabled={disabled}
                classNames={{ input: classes.source }}
                onChange={(event) => {
                  setSource(event.currentTarget.value);
                  emit(event.currentTarget.value);
                }}
              />
            </>
          )}
        </div>
      </Input.Wrapper>
    </EditorControlsContext.Provider>
  );
}
