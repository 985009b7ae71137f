import { useMemo } from 'react';
import { Text } from '@mantine/core';
import { code128 } from 'bwip-js/browser';

/** A Code 128 barcode drawn by bwip-js, the same encoder the server's PDF uses, shown as an image. */
export function BarcodeImage({ text, height = 10 }: { text: string; height?: number }) {
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
        Cannot draw this barcode: {drawn.error}
      </Text>
    );
  return (
    <img
      src={drawn.src}
      alt={`Barcode ${text}`}
      style={{ display: 'block', maxWidth: '100%', height: 44, margin: '0 auto', imageRendering: 'pixelated' }}
    />
  );
}
