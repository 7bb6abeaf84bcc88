import { useEffect, useState } from 'react';
import Cropper, { type Area, type MediaSize, type Point } from 'react-easy-crop';
import { Alert, Box, Button, Group, Input, Modal, SegmentedControl, Slider, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { cropImage } from './crop-image';

/** The aspect ratios offered besides the image's own; ratios read the same in every language. */
const ASPECTS = [
  { value: '1:1', ratio: 1 },
  { value: '4:3', ratio: 4 / 3 },
  { value: '3:2', ratio: 3 / 2 },
  { value: '16:9', ratio: 16 / 9 },
] as const;

const ORIGINAL = 'original';
const MIN_ZOOM = 1;
const MAX_ZOOM = 4;

export type CropModalProps = {
  file: File;
  /** The extensions the entry accepts for images; the cropped file is encoded in one of them. */
  allowed: readonly string[];
  /** Called with the cropped file, or with the original and a reason when cropping failed. */
  onUpload: (file: File, failedCrop?: boolean) => void;
  onCancel: () => void;
};

/**
 * The cropper shown before an image uploads: move the section (mouse, touch or arrow keys), zoom,
 * pick an aspect ratio; "Upload" sends the section, "Upload uncropped" the original. Loaded on
 * demand, so forms pay for react-easy-crop only once an author picks an image.
 */
export default function CropModal({ file, allowed, onUpload, onCancel }: CropModalProps) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [aspect, setAspect] = useState<string>(ORIGINAL);
  const [ownRatio, setOwnRatio] = useState(4 / 3);
  const [area, setArea] = useState<Area | null>(null);
  const [isUnreadable, setUnreadable] = useState(false);
  const [isBusy, setBusy] = useState(false);

  useEffect(() => {
    const url = URL.createObjectURL(file);
    setSrc(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const ratio = ASPECTS.find((option) => option.value === aspect)?.ratio ?? ownRatio;

  const handleMediaLoaded = (size: MediaSize) => {
    if (size.naturalWidth > 0 && size.naturalHeight > 0) setOwnRatio(size.naturalWidth / size.naturalHeight);
  };

  const handleUpload = async () => {
    if (!src || !area) return;
    setBusy(true);
    let cropped: File | null = null;
    try {
      cropped = await cropImage(src, file.name, area, allowed);
    } catch {
      cropped = null;
    }
    if (cropped) onUpload(cropped);
    else onUpload(file, true);
  };

  return (
    <Modal
      opened
      onClose={onCancel}
      title={t('forms.image.crop.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        {isUnreadable ? (
          <Alert color="yellow">{t('forms.image.crop.unreadable')}</Alert>
        ) : (
          <Box pos="relative" h={320} bg="dark.7">
            {src && (
              <Cropper
                image={src}
                crop={crop}
                zoom={zoom}
                minZoom={MIN_ZOOM}
                maxZoom={MAX_ZOOM}
                aspect={ratio}
                onCropChange={setCrop}
                onZoomChange={setZoom}
                onCropComplete={(_, pixels) => setArea(pixels)}
                onMediaLoaded={handleMediaLoaded}
                mediaProps={{ onError: () => setUnreadable(true) }}
                cropperProps={{ role: 'group', 'aria-label': t('forms.image.crop.area') }}
              />
            )}
          </Box>
        )}
        {!isUnreadable && (
          <>
            <Input.Wrapper label={t('forms.image.crop.zoom')} labelElement="div">
              <Slider
                min={MIN_ZOOM}
                max={MAX_ZOOM}
                step={0.1}
                value={zoom}
                onChange={setZoom}
                thumbLabel={t('forms.image.crop.zoom')}
                label={(value) => `${value.toFixed(1)}×`}
              />
            </Input.Wrapper>
            <Input.Wrapper label={t('forms.image.crop.aspect')} labelElement="div">
              <SegmentedControl
                fullWidth
                aria-label={t('forms.image.crop.aspect')}
                value={aspect}
                onChange={setAspect}
                data={[
                  { value: ORIGINAL, label: t('forms.image.crop.original') },
                  ...ASPECTS.map(({ value }) => ({ value, label: value })),
                ]}
              />
            </Input.Wrapper>
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={isBusy}>
            {t('common.cancel')}
          </Button>
          <Button variant="default" onClick={() => onUpload(file)} disabled={isBusy}>
            {t('forms.image.crop.uploadUncropped')}
          </Button>
          {!isUnreadable && (
            // Until the cropper has measured the section the button only looks disabled: a disabled
            // one cannot take the dialog's first focus, which then fell to the page.
            <Button
              onClick={() => void handleUpload()}
              data-disabled={!area || undefined}
              aria-disabled={!area || undefined}
              loading={isBusy}
              data-autofocus
            >
              {t('forms.image.crop.upload')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
