import type { TCounty } from '@haulpro/shared/geo';
import { Group, Loader, MultiSelect, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';
import { useCountySearch } from '../api/search-counties.ts';

/** County search waits for a pause in typing (spec section 9: debounce 500 ms). */
const COUNTY_SEARCH_DEBOUNCE_MS = 500;

type TCountyMultiSelectProps = {
  value: number[];
  onChange: (ids: number[]) => void;
  /** Names of the counties already chosen (or suggested), so their pills always have a label. */
  names: Record<number, string>;
  /** Remembers names of counties picked from search results. */
  onNames: (names: Record<number, string>) => void;
  /** Search within this state when one is chosen. */
  stateId: number | null;
  error?: ReactNode;
  size?: 'sm' | 'md';
};

/**
 * County serving area (spec: searchable, multiple): the server is searched as the user
 * types; the chosen counties stay in the list even when the results no longer hold them.
 */
export function CountyMultiSelect({
  value,
  onChange,
  names,
  onNames,
  stateId,
  error,
  size = 'sm',
}: TCountyMultiSelectProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, COUNTY_SEARCH_DEBOUNCE_MS);
  const results = useCountySearch(debounced, stateId);
  const found: TCounty[] = debounced.trim() ? (results.data ?? []) : [];

  const codes = new Map(found.map((c) => [c.id, c.state_code]));
  const data = [
    ...value.map((id) => ({ value: id, label: names[id] ?? `County ${id}` })),
    ...found.filter((c) => !value.includes(c.id)).map((c) => ({ value: c.id, label: c.name })),
  ];
  const searching = search.trim() !== '' && (search !== debounced || results.isFetching);

  return (
    <MultiSelect<number>
      label="County serving area"
      placeholder={value.length ? undefined : 'Search counties'}
      data={data}
      value={value}
      onChange={(ids) => {
        const picked = found.filter((c) => ids.includes(c.id) && !names[c.id]);
        if (picked.length) onNames(Object.fromEntries(picked.map((c) => [c.id, c.name])));
        onChange(ids);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server already matched the text; the local filter only has to agree with it.
      filter={({ options, search: text }) => {
        const q = text.trim().toLowerCase();
        if (!q) return options;
        return options.filter((o) => 'label' in o && o.label.toLowerCase().includes(q));
      }}
      nothingFoundMessage={
        searching ? 'Searching…' : search.trim() ? 'No counties found' : 'Type to search counties'
      }
      renderOption={({ option }) => (
        <Group gap={6} wrap="nowrap" justify="space-between" w="100%">
          <Text size="sm">{option.label}</Text>
          {codes.get(option.value) ? (
            <Text size="xs" c="dimmed">
              {codes.get(option.value)}
            </Text>
          ) : null}
        </Group>
      )}
      rightSection={searching ? <Loader size={14} /> : undefined}
      error={error}
      size={size}
      maxDropdownHeight={240}
      comboboxProps={{ withinPortal: true }}
      wrapperProps={{ 'data-testid': 'county-select' }}
    />
  );
}
