import { foldText, PERMISSION_CATEGORIES, PERMISSIONS } from '@ghiseu/domain';
import { Checkbox, Fieldset, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AssignablePermission } from '../../api/responsibilities';

export interface PermissionPickerProps {
  /** The keys the user may grant (`GET /responsibilities/assignable-permissions`). */
  assignable: readonly AssignablePermission[];
  /** Selected keys. */
  value: readonly string[];
  onChange: (keys: string[]) => void;
  disabled?: boolean;
  /** Id of the element that explains a refused save, for the group's description. */
  describedBy?: string;
}

interface PermissionGroup {
  category: string;
  label: string;
  items: AssignablePermission[];
}

/** Permissions the record already holds but the user may not grant: shown so they can be kept or removed. */
function withHeldKeys(assignable: readonly AssignablePermission[], held: readonly string[]): AssignablePermission[] {
  const known = new Set(assignable.map((p) => p.key));
  const extra = held
    .filter((key) => !known.has(key))
    .map((key) => {
      const definition = PERMISSIONS[key as keyof typeof PERMISSIONS];
      const category = definition?.category ?? 'account';
      return {
        key,
        name: definition?.description ?? key,
        category,
        category_label: PERMISSION_CATEGORIES[category as keyof typeof PERMISSION_CATEGORIES] ?? category,
      };
    });
  return [...assignable, ...extra];
}

/** Groups in the catalogue's category order, then any category the catalogue does not know. */
function groupByCategory(permissions: readonly AssignablePermission[]): PermissionGroup[] {
  const order = Object.keys(PERMISSION_CATEGORIES);
  const groups = new Map<string, PermissionGroup>();
  for (const permission of permissions) {
    const group = groups.get(permission.category) ?? {
      category: permission.category,
      label: permission.category_label,
      items: [],
    };
    group.items.push(permission);
    groups.set(permission.category, group);
  }
  const rank = (category: string) => (order.includes(category) ? order.indexOf(category) : order.length);
  return [...groups.values()].sort((a, b) => rank(a.category) - rank(b.category) || a.label.localeCompare(b.label, 'ro'));
}

/**
 * The permission picker of a responsibility: the assignable keys grouped by category (spec §6),
 * each group with 'select all', and a search over names and keys that ignores accents.
 */
export function PermissionPicker({ assignable, value, onChange, disabled = false, describedBy }: PermissionPickerProps) {
  const { t } = useTranslation('administration');
  const [search, setSearch] = useState('');
  const selected = useMemo(() => new Set(value), [value]);
  // Every key the value has held stays listed, so unchecking a key the user may not grant keeps
  // it on screen (and it can be checked again: keeping a key is no grant).
  const seen = useRef(new Set<string>());
  for (const key of value) seen.current.add(key);
  const seenKeys = [...seen.current].sort().join(',');
  const groups = useMemo(
    () => groupByCategory(withHeldKeys(assignable, seenKeys === '' ? [] : seenKeys.split(','))),
    [assignable, seenKeys],
  );
  const needle = foldText(search.trim());
  const matches = (permission: AssignablePermission) =>
    needle === '' || foldText(permission.name).includes(needle) || foldText(permission.key).includes(needle);

  const toggle = (keys: string[], checked: boolean) => {
    const next = new Set(selected);
    for (const key of keys) {
      if (checked) next.add(key);
      else next.delete(key);
    }
    onChange([...next]);
  };

  const visibleGroups = groups
    .map((group) => ({ ...group, shown: group.items.filter(matches) }))
    .filter((g) => g.shown.length > 0);

  return (
    <Stack gap="sm" role="group" aria-labelledby="permission-picker-label" aria-describedby={describedBy}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Text fw={600} size="sm" id="permission-picker-label">
            {t('responsibilities.picker.label')}
            <Text span c="red.9" aria-hidden>
              {' *'}
            </Text>
          </Text>
          <Text size="xs" c="gray.7" aria-live="polite" data-testid="permission-picker-count">
            {t('responsibilities.picker.selected', { count: selected.size })}
          </Text>
        </div>
        <TextInput
          type="search"
          w={260}
          label={t('responsibilities.picker.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          data-testid="permission-picker-search"
        />
      </Group>
      {visibleGroups.length === 0 ? (
        <Text size="sm">{t('responsibilities.picker.noMatch')}</Text>
      ) : (
        visibleGroups.map((group) => {
          const keys = group.shown.map((p) => p.key);
          const chosen = keys.filter((key) => selected.has(key)).length;
          return (
            <Fieldset
              key={group.category}
              legend={t('responsibilities.picker.groupLegend', { label: group.label, chosen, total: keys.length })}
              variant="filled"
              p="sm"
              data-testid={`permission-group-${group.category}`}
            >
              <Stack gap="xs">
                <Checkbox
                  label={t('responsibilities.picker.selectAll', { label: group.label })}
                  checked={chosen === keys.length}
                  indeterminate={chosen > 0 && chosen < keys.length}
                  onChange={(event) => toggle(keys, event.currentTarget.checked)}
                  disabled={disabled}
                  fw={600}
                />
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing="xs">
                  {group.shown.map((permission) => (
                    <Checkbox
                      key={permission.key}
                      label={permission.name}
                      description={permission.key}
                      checked={selected.has(permission.key)}
                      onChange={(event) => toggle([permission.key], event.currentTarget.checked)}
                      disabled={disabled}
                      data-testid={`permission-${permission.key}`}
                    />
                  ))}
                </SimpleGrid>
              </Stack>
            </Fieldset>
          );
        })
      )}
    </Stack>
  );
}
