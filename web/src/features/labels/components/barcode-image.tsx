import { useEffect, useRef, useState } from 'react';
import { Text } from '@mantine/core';
import { code128 } from 'bwip-js/browser';

/** A Code 128 barcode drawn by bwip-js, the same encoder the server's PDF uses. */
export function BarcodeCanvas({ text, height = 10 }: { text: string; height?: number }) {
  const ref = useRef<HTMLCanvasElement>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!ref.current) return;
    try {
      code128(ref.current, { bcid: 'code128', text, scale: 2, height, includetext: false });
      setError(null);
    } catch (e) {
      setError(String((e as Error).message ?? e));
    }
  }, [text, height]);
  if (error) return <Text size="xs" c="red">Cannot draw this barcode: {error}</Text>;
  return <canvas ref={ref} role="img" aria-label={`Barcode ${text}`} style={{ maxWidth: '100%', height: 44 }} />;
}
