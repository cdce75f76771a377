import { foldText } from '@ghiseu/domain';
import { Button, Group, Loader, Modal, ScrollArea, Select, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { foldedOptionsFilter } from '../../../components/inputs/autocomplete-field';
import { Notice } from '../../../components/page/notice';

/** One placeholder of the catalogue as the picker shows it. */
export interface PlaceholderOption {
  key: string;
  label: string;
  /** The group's Romanian name. */
  group: string;
  example?: string | null;
}

export interface PlaceholderPickerProps {
  opened: boolean;
  onClose: () => void;
  onPick: (key: string) => void;
  placeholders: PlaceholderOption[];
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  /** The application type whose form fields are offered (form.<key>, form_staff.<key>). */
  applicationTypeId: string | null;
  onApplicationTypeChange: (id: string | null) => void;
  /** Whether the application type choice is offered (not for a control's closing report). */
  withApplicationType?: boolean;
  applicationTypes: { value: string; label: string }[];
  applicationTypesLoading: boolean;
}

/**
 * The placeholder picker: the catalogue searched by label or key (accents ignored), grouped by
 * its groups; choosing an application type adds the fields of its forms. A choice inserts the
 * placeholder at the editor's cursor and closes the dialog.
 */
export function PlaceholderPicker({
  opened,
  onClose,
  onPick,
  placeholders,
  loading,
  failed,
  onRetry,
  applicationTypeId,
  onApplicationTypeChange,
  withApplicationType = true,
  applicationTypes,
  applicationTypesLoading,
}: PlaceholderPickerProps) {
  const { t } = useTranslation('document-templates');
  const [search, setSearch] = useState('');

  const groups = useMemo(() => {
    const needle = foldText(search.trim());
    const matching = placeholders.filter(
      (p) => needle === '' || foldText(p.label).includes(needle) || foldText(p.key).includes(needle),
    );
    const byGroup = new Map<string, PlaceholderOption[]>();
    for (const p of matching) byGroup.set(p.group, [...(byGroup.get(p.group) ?? []), p]);
    return [...byGroup.entries()];
  }, [placeholders, search]);

  const pick = (key: string) => {
    onPick(key);
    setSearch('');
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('picker.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('closeDialog') }}
      data-testid="placeholder-picker"
    >
      <Stack gap="sm">
        {withApplicationType ? (
          <Select
            label={t('picker.applicationType')}
            description={t('picker.applicationTypeHint')}
            data={applicationTypes}
            value={applicationTypeId}
            onChange={onApplicationTypeChange}
            searchable
            clearable
            filter={foldedOptionsFilter}
            nothingFoundMessage={t('nothingFound')}
            placeholder={applicationTypesLoading ? t('loading') : t('picker.noType')}
            comboboxProps={{ withinPortal: true }}
          />
        ) : null}
        <TextInput
          label={t('picker.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          data-autofocus
        />
        {failed ? (
          <Notice tone="error">
            <Group justify="space-between">
              <span>{t('picker.loadError')}</span>
              <Button size="compact-sm" variant="default" onClick={onRetry}>
                {t('retry')}
              </Button>
            </Group>
          </Notice>
        ) : loading ? (
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm">{t('loading')}</Text>
          </Group>
        ) : groups.length === 0 ? (
          <Text size="sm" c="gray.7">
            {t('picker.empty')}
          </Text>
        ) : (
          <ScrollArea.Autosize mah="55vh" type="auto">
            <Stack gap="md">
              {groups.map(([group, items]) => (
                <section key={group} aria-label={group}>
                  <Title order={3} size="h6" mb={4}>
                    {group}
                  </Title>
                  <Stack gap={2} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                    {items.map((p) => (
                      <li key={p.key}>
                        <UnstyledButton
                          onClick={() => pick(p.key)}
                          w="100%"
                          px="xs"
                          py={4}
                          style={{ borderRadius: 6 }}
                          className="placeholder-option"
                          aria-label={t('picker.insert', { label: p.label })}
                        >
                          <Group justify="space-between" wrap="nowrap" gap="sm">
                            <Text size="sm" fw={500}>{`{{${p.label}}}`}</Text>
                            {p.example ? (
                              <Text size="xs" c="gray.7" truncate>
                                {t('picker.example', { value: p.example })}
                              </Text>
                            ) : null}
                          </Group>
                        </UnstyledButton>
                      </li>
                    ))}
                  </Stack>
                </section>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Stack>
    </Modal>
  );
}
