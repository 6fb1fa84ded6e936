import { Box, Group, Slider, Text } from '@mantine/core';
import { useId } from 'react';

type TSliderFieldProps = {
  label: string;
  /** One short line: what the setting does. */
  help: string;
  value: number;
  onChange: (value: number) => void;
  min: number;
  max: number;
  /** The value as read out, e.g. "40 km" or "$20". */
  format: (value: number) => string;
  marks?: number[];
  error?: string | undefined;
  'data-testid'?: string;
};

/** A labelled slider with its current value beside the label and a line of help below. */
export function SliderField({
  label,
  help,
  value,
  onChange,
  min,
  max,
  format,
  marks,
  error,
  'data-testid': testId,
}: TSliderFieldProps) {
  const id = useId();
  return (
    <Box>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={500} id={id}>
          {label}
        </Text>
        <Text size="sm" fw={700} c="blue.8" data-testid={testId ? `${testId}-value` : undefined}>
          {format(value)}
        </Text>
      </Group>
      <Text size="xs" c="dimmed" mb={6}>
        {help}
      </Text>
      <Slider
        min={min}
        max={max}
        step={1}
        value={value}
        onChange={onChange}
        label={format}
        marks={marks?.map((m) => ({ value: m, label: String(m) }))}
        thumbProps={{ 'aria-labelledby': id }}
        mx={8}
        mb={marks ? 'lg' : 'xs'}
        data-testid={testId}
      />
      {error ? (
        <Text size="xs" c="red" mt={4}>
          {error}
        </Text>
      ) : null}
    </Box>
  );
}
