import { Alert, Input, Stack, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '../../types';
import { ErrorList } from '../feedback';
import { FileDropZone } from './file-drop-zone';
import { FileList } from './file-list';
import { UploadList } from './upload-list';
import { useFilesWidget } from './use-files-widget';

/**
 * The multi-file uploader (stored value: an array of file URLs). Files are picked or dropped, each
 * uploads with its progress and cancel and joins the list when stored; files can be renamed (the
 * extension stays) and removed. Removing takes the file off the list first and puts it back at its
 * place when the server refuses (spec sections 4 and 8).
 */
export function FilesWidget({
  id,
  value,
  onChange,
  label,
  help,
  errors,
  state,
  required,
  disabled,
  schema,
}: WidgetProps) {
  const { t } = useTranslation();
  const uploader = useFilesWidget({ value, onChange, disabled, schema });

  const labelId = `${id}-label`;
  const errorId = errors.length > 0 ? `${id}-error` : undefined;
  const helpId = help ? `${id}-description` : undefined;
  const statusId = `${id}-status`;
  const newTabHintId = `${id}-new-tab`;

  return (
    <Input.Wrapper
      id={id}
      label={label}
      labelElement="div"
      withAsterisk={required}
      description={help}
      error={errors.length > 0 ? <ErrorList errors={errors} /> : undefined}
      inputWrapperOrder={['label', 'description', 'input', 'error']}
    >
      <Stack
        gap="xs"
        mt={4}
        role="group"
        aria-labelledby={labelId}
        aria-describedby={[helpId, errorId].filter(Boolean).join(' ') || undefined}
        data-state={state}
      >
        <VisuallyHidden id={newTabHintId}>{t('forms.files.opensInNewTab')}</VisuallyHidden>
        <FileList
          ref={uploader.listRef}
          files={uploader.files}
          keys={uploader.keys}
          labelId={labelId}
          disabled={disabled}
          newTabHintId={newTabHintId}
          onRename={uploader.rename}
          onRemove={uploader.remove}
        />
        <UploadList uploads={uploader.uploads} disabled={disabled} onCancel={uploader.cancelUpload} />
        <FileDropZone
          label={label}
          state={state}
          canUpload={uploader.canUpload}
          hasTarget={uploader.hasTarget}
          status={uploader.status}
          statusId={statusId}
          accept={uploader.accept}
          resetRef={uploader.resetInputRef}
          pickButtonRef={uploader.pickButtonRef}
          onFiles={uploader.addFiles}
        />
        {uploader.notices.length > 0 && (
          <Alert
            color="yellow"
            withCloseButton
            closeButtonLabel={t('forms.files.dismiss')}
            onClose={uploader.dismissNotices}
          >
            <ErrorList errors={uploader.notices} />
          </Alert>
        )}
        <VisuallyHidden role="status">{uploader.announcement}</VisuallyHidden>
      </Stack>
    </Input.Wrapper>
  );
}
