import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Alert,
  Button,
  FileInput,
  Group,
  Modal,
  Progress,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { acceptOf, imageExtensions, IMAGE_EXTENSIONS, UploadCancelled } from '../../../lib/uploads';
import { useUploads } from '../../upload-context';
import { IMAGE_WIDTHS, type ImageWidth } from './image-width';
import { EditorUploadError, uploadEditorImage, type EditorUpload } from './upload-image';

type ImageDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** Called once the dialog has closed and gone, whatever closed it. */
  onClosed?: () => void;
  onInsert: (image: { src: string; alt: string; width: ImageWidth }) => void;
};

/** Adds an image: uploaded to the entry or by URL, with its alternative text and size. */
export function ImageDialog({ opened, onClose, onClosed, onInsert }: ImageDialogProps) {
  const { t, i18n } = useTranslation();
  const uploads = useUploads();
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState('');
  const [alt, setAlt] = useState('');
  const [width, setWidth] = useState<ImageWidth>('original');
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useRef<EditorUpload | null>(null);
  const widthLabel = useId();

  const reset = () => {
    setFile(null);
    setUrl('');
    setAlt('');
    setWidth('original');
    setError(null);
    setProgress(null);
    upload.current = null;
  };
  const close = () => {
    upload.current?.cancel();
    reset();
    onClose();
  };
  const finish = (src: string) => {
    onInsert({ src, alt: alt.trim(), width });
    reset();
    onClose();
  };

  const submit = async () => {
    setError(null);
    if (!file) {
      const src = url.trim();
      if (!/^(https?:\/\/|\/)/i.test(src)) {
        setError(t('markdownEditor.image.urlInvalid'));
        return;
      }
      finish(src);
      return;
    }
    const handle = uploadEditorImage(file, uploads, t, i18n.language, setProgress);
    upload.current = handle;
    setProgress(0);
    try {
      finish(await handle.promise);
    } catch (failure) {
      if (failure instanceof UploadCancelled) return;
      setProgress(null);
      setError(failure instanceof EditorUploadError ? failure.message : String(failure));
    }
  };

  const extensions = uploads.limits ? imageExtensions(uploads.limits) : [...IMAGE_EXTENSIONS];
  const uploading = progress !== null;
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('markdownEditor.image.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
      // The toolbar puts the caret back in the text once the dialog is gone (not on its button).
      returnFocus={!onClosed}
      onExitTransitionEnd={onClosed}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <FileInput
            label={t('markdownEditor.image.file')}
            placeholder={t('markdownEditor.image.filePlaceholder')}
            accept={acceptOf(extensions)}
            value={file}
            onChange={(picked) => {
              setFile(picked);
              setError(null);
            }}
            clearable
            clearButtonProps={{ 'aria-label': t('markdownEditor.image.clearFile') }}
            disabled={uploading}
          />
          <TextInput
            label={t('markdownEditor.image.url')}
            description={t('markdownEditor.image.urlHelp')}
            value={url}
            onChange={(event) => setUrl(event.currentTarget.value)}
            disabled={uploading || file !== null}
          />
          <TextInput
            label={t('markdownEditor.image.alt')}
            value={alt}
            onChange={(event) => setAlt(event.currentTarget.value)}
            disabled={uploading}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id={widthLabel}>
              {t('markdownEditor.image.size')}
            </Text>
            <SegmentedControl
              aria-labelledby={widthLabel}
              value={width}
              onChange={(value) => setWidth(value as ImageWidth)}
              data={IMAGE_WIDTHS.map((value) => ({
                value,
                label: t(`markdownEditor.image.widths.${value}`),
              }))}
              disabled={uploading}
            />
          </Stack>
          {uploading && (
            <Progress value={Math.round(progress * 100)} aria-label={t('markdownEditor.image.uploading')} />
          )}
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {uploading ? t('markdownEditor.image.cancelUpload') : t('common.cancel')}
            </Button>
            <Button type="submit" loading={uploading} disabled={!file && url.trim() === ''}>
              {t('markdownEditor.image.insert')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
