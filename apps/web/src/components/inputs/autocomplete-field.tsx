import { foldText } from '@ghiseu/domain';
import {
  Autocomplete,
  type AutocompleteProps,
  type ComboboxItem,
  type ComboboxParsedItem,
  type OptionsFilter,
} from '@mantine/core';

const isGroup = (item: ComboboxParsedItem): item is Extract<ComboboxParsedItem, { group: unknown }> => 'group' in item;

/**
 * Option filter that ignores case and accents (spec §5): 'timisoara' finds 'Timișoara', and the
 * legacy ş/ţ spellings match ș/ț. Groups keep only their matching items.
 */
export const foldedOptionsFilter: OptionsFilter = ({ options, search, limit }) => {
  const needle = foldText(search.trim());
  const matches = (item: ComboboxItem) => foldText(item.label).includes(needle);
  const result: ComboboxParsedItem[] = [];
  let count = 0;
  for (const option of options) {
    if (count >= limit) break;
    if (isGroup(option)) {
      const items = option.items.filter(matches).slice(0, limit - count);
      if (items.length > 0) {
        result.push({ ...option, items });
        count += items.length;
      }
    } else if (matches(option)) {
      result.push(option);
      count++;
    }
  }
  return result;
};

/** Props of `AutocompleteField`: Mantine's Autocomplete with the portal's filter. */
export interface AutocompleteFieldProps extends Omit<AutocompleteProps, 'filter' | 'value' | 'onChange'> {
  /** Current text. */
  value: string;
  /** Called with the text (typed or picked). */
  onChange: (value: string) => void;
  /** Maximum number of suggestions (default 50). */
  limit?: number;
}

/** Free-text field with suggestions filtered without regard to case or diacritics. */
export function AutocompleteField({ value, onChange, limit = 50, ...rest }: AutocompleteFieldProps) {
  return <Autocomplete {...rest} value={value} onChange={onChange} filter={foldedOptionsFilter} limit={limit} />;
}
