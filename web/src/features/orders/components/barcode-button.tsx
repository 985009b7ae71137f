import { useMemo, useState } from 'react';
import { ActionIcon, Stack, Text, Tooltip } from '@mantine/core';
import { IconBarcode } from '@tabler/icons-react';
import { code128 } from 'bwip-js/browser';
import { Dialog } from '@/components/dialog';

/** The barcode icon of the test-result screen: shows the sample ID as a Code 128 barcode. */
export function BarcodeButton({ sampleId }: { sampleId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip label="Sample barcode">
        <ActionIcon variant="default" size="lg" aria-label="Sample barcode" onClick={() => setOpen(true)}>
          <IconBarcode size={20} />
        </ActionIcon>
      </Tooltip>
      {open && (
        <Dialog opened onClose={() => setOpen(false)} title="Sample barcode" size={400}>
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
        This sample ID cannot be drawn as a barcode.
      </Text>
    );
  return (
    <img src={src} alt={`Barcode ${text}`} style={{ maxWidth: '100%', height: 64, imageRendering: 'pixelated' }} />
  );
}
