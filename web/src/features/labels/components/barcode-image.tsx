import { useMemo } from 'react';
import { Text } from '@mantine/core';
import { code128 } from 'bwip-js/browser';
import { useTranslation } from 'react-i18next';

/** A Code 128 barcode drawn by bwip-js, the same encoder the server's PDF uses, shown as an image. */
export function BarcodeImage({ text, height = 10 }: { text: string; height?: number }) {
  const { t } = useTranslation('labels');
  const drawn = useMemo(() => {
    try {
      const canvas = document.createElement('canvas');
      code128(canvas, { bcid: 'code128', text, scale: 2, height, includetext: false });
      return { src: canvas.toDataURL('image/png') };
    } catch (e) {
      return { error: String((e as Error).message ?? e) };
    }
  }, [text, height]);
  if ('error' in drawn)
    return (
      <Text size="xs" c="red">
        {t('card.cannotDraw', { reason: drawn.error })}
      </Text>
    );
  return (
    <img
      src={drawn.src}
      alt={t('card.barcode', { text })}
      style={{ display: 'block', maxWidth: '100%', height: 44, margin: '0 auto', imageRendering: 'pixelated' }}
    />
  );
}
