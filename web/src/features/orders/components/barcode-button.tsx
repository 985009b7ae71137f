import { useMemo, useState } from 'react';
import { ActionIcon, Stack, Text, Tooltip } from '@mantine/core';
import { IconBarcode } from '@tabler/icons-react';
import { code128 } from 'bwip-js/browser';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/dialog';

/** The barcode icon of the test-result screen: shows the sample ID as a Code 128 barcode. */
export function BarcodeButton({ sampleId }: { sampleId: string }) {
  const [open, setOpen] = useState(false);
  const { t } = useTranslation('orders');
  return (
    <>
      <Tooltip label={t('barcode.title')}>
        <ActionIcon variant="default" size="lg" aria-label={t('barcode.title')} onClick={() => setOpen(true)}>
          <IconBarcode size={20} />
        </ActionIcon>
      </Tooltip>
      {open && (
        <Dialog opened onClose={() => setOpen(false)} title={t('barcode.title')} size={400}>
          <Stack align="center" gap="xs">
            <Barcode text={sampleId} />
            <Text ff="monospace" fw={700}>
              {sampleId}
            </Text>
          </Stack>
        </Dialog>
      )}
    </>
  );
}

function Barcode({ text }: { text: string }) {
  const { t } = useTranslation('orders');
  const src = useMemo(() => {
    try {
      const canvas = document.createElement('canvas');
      code128(canvas, { bcid: 'code128', text, scale: 3, height: 12, includetext: false });
      return canvas.toDataURL('image/png');
    } catch {
      return null;
    }
  }, [text]);
  if (!src)
    return (
      <Text size="sm" c="red">
        {t('barcode.cannotDraw')}
      </Text>
    );
  return (
    <img
      src={src}
      alt={t('barcode.image', { text })}
      style={{ maxWidth: '100%', height: 64, imageRendering: 'pixelated' }}
    />
  );
}
