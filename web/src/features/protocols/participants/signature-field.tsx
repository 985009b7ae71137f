import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import { Box, Button, Group, Input, Text } from '@mantine/core';
import { IconEraser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import SignaturePad from 'signature_pad';

export interface SignatureHandle {
  isEmpty: () => boolean;
  /** The drawing as a PNG data URL (transparent background, dark ink). */
  toPng: () => string;
}

interface Props {
  ref: Ref<SignatureHandle>;
  error?: string | null;
  /** Called as the signer starts and ends a stroke or clears the pad: `empty` is whether the pad holds no ink. */
  onChange?: (empty: boolean) => void;
}

/**
 * A drawn signature (signature_pad) on a bordered canvas with a Clear button. The canvas is sized to its
 * box in device pixels and resized with it; the strokes are kept and redrawn, so a rotation or a window
 * resize neither blurs nor loses the signature.
 */
export function SignatureField({ ref, error, onChange }: Props) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const changed = useRef(onChange);
  const { t } = useTranslation('protocols');
  useEffect(() => {
    changed.current = onChange;
  });

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = new SignaturePad(canvas, { penColor: '#1a1b1e', minWidth: 0.8, maxWidth: 2.6 });
    padRef.current = pad;
    const onStroke = () => changed.current?.(false);
    const onStrokeEnd = () => changed.current?.(pad.isEmpty());
    pad.addEventListener('beginStroke', onStroke);
    pad.addEventListener('endStroke', onStrokeEnd);
    const fit = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const { width, height } = canvas.getBoundingClientRect();
      if (!width || !height) return;
      const w = Math.round(width * ratio);
      const h = Math.round(height * ratio);
      if (canvas.width === w && canvas.height === h) return;
      const strokes = pad.toData();
      canvas.width = w;
      canvas.height = h;
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.clear();
      pad.fromData(strokes);
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(canvas);
    return () => {
      observer.disconnect();
      pad.removeEventListener('beginStroke', onStroke);
      pad.removeEventListener('endStroke', onStrokeEnd);
      pad.off();
      padRef.current = null;
    };
  }, []);

  useImperativeHandle(
    ref,
    () => ({
      isEmpty: () => padRef.current?.isEmpty() ?? true,
      toPng: () => padRef.current?.toDataURL('image/png') ?? '',
    }),
    [],
  );

  const clear = () => {
    padRef.current?.clear();
    changed.current?.(true);
  };
  return (
    <Input.Wrapper label={t('signature.label')} required error={error} description={t('signature.hint')}>
      <Box
        mt={6}
        style={{
          border: `2px solid var(--mantine-color-${error ? 'red-7' : 'gray-5'})`,
          borderRadius: 8,
          background: 'white',
          position: 'relative',
        }}
      >
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={t('signature.pad')}
          style={{ display: 'block', width: '100%', height: 200, touchAction: 'none', cursor: 'crosshair' }}
        />
        <Text
          size="xs"
          c="dimmed"
          style={{ position: 'absolute', insetInlineStart: 12, bottom: 8, pointerEvents: 'none' }}
        >
          {t('signature.line')}
        </Text>
        <Box
          style={{
            position: 'absolute',
            insetInlineStart: 12,
            insetInlineEnd: 12,
            bottom: 28,
            borderTop: '1px dashed var(--mantine-color-gray-4)',
            pointerEvents: 'none',
          }}
        />
      </Box>
      <Group justify="flex-end" mt={6}>
        <Button variant="default" size="xs" leftSection={<IconEraser size={14} />} onClick={clear}>
          {t('signature.clear')}
        </Button>
      </Group>
    </Input.Wrapper>
  );
}
