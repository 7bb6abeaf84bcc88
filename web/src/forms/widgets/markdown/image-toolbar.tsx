import { useTranslation } from 'react-i18next';
import { $getNodeByKey } from 'lexical';
import { $isImageNode, readOnly$, rootEditor$, useCellValues } from '@mdxeditor/editor';
import { IMAGE_WIDTHS, setImageWidth, type ImageWidth } from './image-width';
import classes from './markdown-editor.module.css';

/** What MDXEditor hands its image toolbar (its type is not exported). */
type EditImageToolbarProps = {
  nodeKey: string;
  alt: string;
  width?: number | 'inherit';
};

function widthOf(width: unknown): ImageWidth {
  return IMAGE_WIDTHS.includes(width as ImageWidth) ? (width as ImageWidth) : 'original';
}

/**
 * Replaces MDXEditor's image toolbar (shown on each image in the text): the size presets original,
 * 50 % and 75 % as pressed-state buttons, and remove.
 */
export function ImageToolbar({ nodeKey, alt, width }: EditImageToolbarProps) {
  const { t } = useTranslation();
  const [editor, readOnly] = useCellValues(rootEditor$, readOnly$);
  const current = widthOf(width);
  const name = alt || t('markdownEditor.image.unnamed');
  if (!editor) return null;
  return (
    <div
      className={classes.imageToolbar}
      role="group"
      aria-label={t('markdownEditor.image.toolbar', { name })}
    >
      {IMAGE_WIDTHS.map((preset) => (
        <button
          key={preset}
          type="button"
          className={classes.imageToolbarButton}
          aria-pressed={current === preset}
          disabled={readOnly}
          onClick={() => setImageWidth(editor, nodeKey, preset)}
        >
          {t(`markdownEditor.image.widths.${preset}`)}
        </button>
      ))}
      <button
        type="button"
        className={classes.imageToolbarButton}
        disabled={readOnly}
        onClick={() =>
          editor.update(() => {
            const node = $getNodeByKey(nodeKey);
            if ($isImageNode(node)) node.remove();
          })
        }
      >
        {t('markdownEditor.image.remove')}
      </button>
    </div>
  );
}
