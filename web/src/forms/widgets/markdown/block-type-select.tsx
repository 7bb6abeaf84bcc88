import { useTranslation } from 'react-i18next';
import { Select } from '@mantine/core';
import { $createHeadingNode, $createQuoteNode } from '@lexical/rich-text';
import {
  convertSelectionToNode$,
  currentBlockType$,
  usePublisher,
  useCellValue,
  type BlockType,
} from '@mdxeditor/editor';
import { $createParagraphNode } from 'lexical';

/** The block types the editor offers; the headings match headingsPlugin's allowed levels. */
const BLOCK_TYPES = ['paragraph', 'h2', 'h3', 'h4', 'quote'] as const;

/**
 * Turns the block at the cursor into a paragraph, a heading or a quote. A Mantine select in place of
 * MDXEditor's BlockTypeSelect (a Radix select, which would add its own select to the editor's chunk).
 */
export function BlockTypeSelect({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const convertSelectionToNode = usePublisher(convertSelectionToNode$);
  const current: BlockType = useCellValue(currentBlockType$);
  const data = BLOCK_TYPES.map((value) => ({
    value,
    label:
      value === 'paragraph' || value === 'quote'
        ? t(`markdownEditor.mdx.toolbar.blockTypes.${value}`)
        : t('markdownEditor.mdx.toolbar.blockTypes.heading', { level: value.slice(1) }),
  }));
  return (
    <Select
      aria-label={t('markdownEditor.mdx.toolbar.blockTypeSelect.placeholder')}
      placeholder={t('markdownEditor.mdx.toolbar.blockTypeSelect.placeholder')}
      data={data}
      // A list item or nothing selected has no block type of these.
      value={(BLOCK_TYPES as readonly string[]).includes(current) ? current : null}
      onChange={(value) => {
        if (value === 'paragraph') convertSelectionToNode(() => $createParagraphNode());
        else if (value === 'quote') convertSelectionToNode(() => $createQuoteNode());
        else if (value === 'h2' || value === 'h3' || value === 'h4')
          convertSelectionToNode(() => $createHeadingNode(value));
      }}
      allowDeselect={false}
      disabled={disabled}
      size="xs"
      w={150}
      // The toolbar is a flex row that scrolls when narrow: the select keeps its width.
      style={{ flex: 'none' }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
