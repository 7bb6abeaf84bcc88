import { Button, Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FieldState } from '../../types';
import classes from './image-widget.module.css';

type ImagePreviewProps = {
  /** The id of the field's label, which names the image's group. */
  labelId: string;
  src: string;
  alt: string;
  state: FieldState;
  describedBy: string | undefined;
  isRemoving: boolean;
  disabled: boolean;
  onRemove: () => void;
  onImageError: () => void;
};

/** The field's image with its remove button, and a spinner over it while it is being removed. */
export function ImagePreview({
  labelId,
  src,
  alt,
  state,
  describedBy,
  isRemoving,
  disabled,
  onRemove,
  onImageError,
}: ImagePreviewProps) {
  const { t } = useTranslation();
  return (
    <>
      <div
        className={classes.frame}
        data-state={state}
        role="group"
        aria-labelledby={labelId}
        aria-describedby={describedBy}
        aria-busy={isRemoving || undefined}
      >
        <img className={classes.image} src={src} alt={alt} onError={onImageError} />
        {isRemoving && (
          <div className={classes.overlay} role="status">
            <Loader size="sm" aria-hidden />
            <Text size="sm">{t('forms.image.removing')}</Text>
          </div>
        )}
      </div>
      <Group>
        <Button variant="default" onClick={onRemove} disabled={disabled || isRemoving}>
          {t('forms.image.remove')}
        </Button>
      </Group>
    </>
  );
}
