import { Box, Button, Center, Group, Loader, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconEraser } from '@tabler/icons-react';
import { type Ref, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';
import type SignaturePad from 'signature_pad';

export type TSignatureHandle = {
  isEmpty: () => boolean;
  /** The drawing as a png, or null when nothing is drawn. */
  toBlob: () => Promise<Blob | null>;
};

type TSignatureFieldProps = {
  ref?: Ref<TSignatureHandle>;
  /** Told whether something is drawn (after each stroke and on Clear). */
  onChange: (signed: boolean) => void;
  error?: string;
  /** Under the box: what signing means (a delivery's default). */
  hint?: string;
  /** When the pad cannot load (a delivery offers the printed letter instead). */
  failedText?: string;
};

const HEIGHT = 200;

/**
 * The customer signs on the helper's or the crew's device (a delivery's proof, a move's final bill): a canvas driven by `signature_pad` (downloaded only
 * when this opens). The backing store follows the box's width times the pixel ratio, so the line
 * is sharp and the drawing survives a rotation of the phone.
 */
export function SignatureField({
  ref,
  onChange,
  error,
  hint = 'By signing, the customer confirms the items were delivered in good condition.',
  failedText = 'The signature box could not load. Upload the signed letter instead.',
}: TSignatureFieldProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const { ref: boxRef, width } = useElementSize();

  const fit = useCallback(() => {
    const canvas = canvasRef.current;
    const pad = padRef.current;
    if (!canvas || !pad || canvas.offsetWidth === 0) return;
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    const data = pad.toData();
    canvas.width = canvas.offsetWidth * ratio;
    canvas.height = canvas.offsetHeight * ratio;
    canvas.getContext('2d')?.scale(ratio, ratio);
    pad.clear();
    pad.fromData(data);
  }, []);

  useEffect(() => {
    let cancelled = false;
    let pad: SignaturePad | null = null;
    import('signature_pad')
      .then(({ default: Pad }) => {
        const canvas = canvasRef.current;
        if (cancelled || !canvas) return;
        const created = new Pad(canvas, { penColor: '#111827', minWidth: 0.8, maxWidth: 2.8 });
        created.addEventListener('endStroke', () => onChangeRef.current(!created.isEmpty()));
        pad = created;
        padRef.current = created;
        setState('ready');
      })
      .catch(() => {
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      pad?.off();
      padRef.current = null;
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the canvas is refitted when its box changes width.
  useEffect(() => {
    if (state === 'ready') fit();
  }, [state, width, fit]);

  useImperativeHandle(
    ref,
    () => ({
      isEmpty: () => padRef.current?.isEmpty() ?? true,
      toBlob: () =>
        new Promise<Blob | null>((resolve) => {
          const canvas = canvasRef.current;
          if (!canvas || !padRef.current || padRef.current.isEmpty()) resolve(null);
          else canvas.toBlob(resolve, 'image/png');
        }),
    }),
    [],
  );

  function clear() {
    padRef.current?.clear();
    onChangeRef.current(false);
  }

  return (
    <Box>
      <Box
        ref={boxRef}
        pos="relative"
        h={HEIGHT}
        style={{
          border: `2px dashed var(--mantine-color-${error ? 'red-6' : 'gray-4'})`,
          borderRadius: 'var(--mantine-radius-md)',
          background: 'var(--mantine-color-white)',
          overflow: 'hidden',
        }}
      >
        <canvas
          ref={canvasRef}
          role="img"
          aria-label="Signature box: the customer signs here with a finger, a stylus or the mouse"
          data-testid="signature-canvas"
          style={{
            width: '100%',
            height: '100%',
            display: 'block',
            touchAction: 'none',
            cursor: 'crosshair',
          }}
        />
        {state !== 'ready' ? (
          <Center pos="absolute" inset={0}>
            {state === 'loading' ? <Loader size="sm" /> : <Text size="sm">{failedText}</Text>}
          </Center>
        ) : null}
        <Text
          size="xs"
          c="dimmed"
          pos="absolute"
          left={12}
          bottom={8}
          style={{
            pointerEvents: 'none',
            borderTop: '1px solid var(--mantine-color-gray-5)',
            width: 'calc(100% - 24px)',
          }}
        >
          Customer signature
        </Text>
      </Box>
      <Group justify="space-between" mt={6} gap="xs">
        <Text size="xs" c={error ? 'red.7' : 'dimmed'} role={error ? 'alert' : undefined}>
          {error ?? hint}
        </Text>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconEraser size={14} />}
          onClick={clear}
          disabled={state !== 'ready'}
        >
          Clear
        </Button>
      </Group>
    </Box>
  );
}
