import {
  REAL_ESTATE_TYPE_LABELS,
  REAL_ESTATE_TYPES,
  type RealEstate,
  type RealEstateType,
  zCadastralNumber,
} from '@ghiseu/domain';
import {
  ActionIcon,
  Alert,
  Button,
  Fieldset,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle, IconHomePlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../components/feedback/empty-state';
import { showToast } from '../../../../components/feedback/toast';
import { ApiError } from '../../../../lib/api-client';
import { useSettings } from '../../../../lib/settings';
import { useCounties, useCountyUats } from '../../../../lib/territory';
import { addRealEstate, removeRealEstate, searchParcels } from '../../api/applications';
import { fieldErrorsOf, showError } from '../../errors';
import { SoftBadge } from '../../../../components/page/soft-badge';
import { focusFieldPath } from '../../../../components/form-renderer/focus';
import { type FormErrors, fieldDomId, REQUIRED_FIELDS_TEXT } from '../../../../components/form-renderer/form-values';
// Shows zod's messages: the Romanian ones must be installed (lib/validation).
import '../../../../lib/validation';

export interface RealEstatesStepProps {
  applicationId: number;
  realEstates: readonly RealEstate[];
  error: string | null;
  onChanged: () => Promise<unknown>;
}

interface Draft {
  cadastral_number: string;
  county_id: number | null;
  uat_id: number | null;
  type: RealEstateType;
  area: number | '';
  address: string;
}

const path = (key: string) => `realEstate.${key}`;

/**
 * The real-estate targets of the draft: cadastral number, UAT, land or land with constructions,
 * area, with a land-registry search that fills the area and address. The server refuses a
 * duplicate cadastral number and a UAT outside the institution's county (spec §5) and flags an
 * area that differs from the registry's.
 */
export function RealEstatesStep({ applicationId, realEstates, error, onChanged }: RealEstatesStepProps) {
  const { t } = useTranslation('applications');
  const settings = useSettings();
  const counties = useCounties();
  const defaultCounty = counties.data?.find((county) => county.code === settings.defaultCounty)?.id ?? null;
  const [draft, setDraft] = useState<Draft>({
    cadastral_number: '',
    county_id: null,
    uat_id: null,
    type: 'land',
    area: '',
    address: '',
  });
  const countyId = draft.county_id ?? defaultCounty;
  const uats = useCountyUats(countyId);
  const [errors, setErrors] = useState<FormErrors>({});
  const [searchNote, setSearchNote] = useState<string | null>(null);
  const [busy, setBusy] = useState<'search' | 'add' | null>(null);
  // A field the user changes loses the error an earlier try left under it.
  const set = (patch: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const changed = Object.keys(patch).filter((key) => key in current);
      if (changed.length === 0) return current;
      const next = { ...current };
      for (const key of changed) delete next[key as keyof FormErrors];
      return next;
    });
  };

  const check = (): FormErrors => {
    const next: FormErrors = {};
    const cadastral = zCadastralNumber.safeParse(draft.cadastral_number);
    if (!cadastral.success) next.cadastral_number = cadastral.error.issues[0]?.message ?? REQUIRED_FIELDS_TEXT;
    if (!draft.uat_id) next.uat_id = REQUIRED_FIELDS_TEXT;
    return next;
  };

  const onSearch = async () => {
    const next = check();
    if (next.cadastral_number || next.uat_id) {
      setErrors(next);
      setSearchNote(t('wizard.realEstates.searchNeeds'));
      return;
    }
    setErrors({});
    setBusy('search');
    setSearchNote(null);
    try {
      const [parcel] = await searchParcels({ cadastral_number: draft.cadastral_number.trim(), uat_id: draft.uat_id as number });
      if (!parcel) setSearchNote(t('wizard.realEstates.notFound'));
      else {
        set({ area: parcel.area, address: parcel.address ?? draft.address });
        setSearchNote(t('wizard.realEstates.found', { area: parcel.area, address: parcel.address ? `, ${parcel.address}` : '' }));
      }
    } catch (failure) {
      if (failure instanceof ApiError && (failure.code === 'ATLAS_NO_SEARCH_RESULT' || failure.status === 404))
        setSearchNote(t('wizard.realEstates.notFound'));
      else showError(failure);
    } finally {
      setBusy(null);
    }
  };

  const onAdd = async () => {
    const next = check();
    setErrors(next);
    if (Object.keys(next).length > 0) {
      focusFieldPath(path(Object.keys(next)[0]));
      return;
    }
    setBusy('add');
    try {
      await addRealEstate(applicationId, {
        cadastral_number: draft.cadastral_number.trim(),
        uat_id: draft.uat_id as number,
        type: draft.type,
        area: draft.area === '' ? null : draft.area,
        address: draft.address.trim() || null,
      });
      await onChanged();
      setDraft((current) => ({ ...current, cadastral_number: '', area: '', address: '' }));
      setSearchNote(null);
      showToast('success', t('wizard.realEstates.added'));
    } catch (failure) {
      const fieldErrors = fieldErrorsOf(failure);
      if (Object.keys(fieldErrors).length > 0) {
        setErrors(fieldErrors);
        focusFieldPath(path(Object.keys(fieldErrors)[0]));
      } else showError(failure);
    } finally {
      setBusy(null);
    }
  };

  const onRemove = async (realEstate: RealEstate) => {
    try {
      await removeRealEstate(applicationId, realEstate.id);
      await onChanged();
      showToast('success', t('wizard.realEstates.removed'));
    } catch (failure) {
      showError(failure);
    }
  };

  const places = (items: { id: number; name: string }[] | undefined) =>
    (items ?? []).map((item) => ({ value: String(item.id), label: item.name }));

  return (
    <Stack gap="md">
      <Text>{t('wizard.realEstates.intro')}</Text>
      {realEstates.length === 0 ? (
        <EmptyState title={t('wizard.realEstates.empty')} />
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('wizard.realEstates.listLabel')}>
          {realEstates.map((realEstate) => (
            <Paper component="li" key={realEstate.id} withBorder p="sm" radius="md" data-testid="real-estate-row">
              <Group justify="space-between" wrap="nowrap">
                <div>
                  <Text fw={600}>
                    {realEstate.cadastral_number} · {realEstate.uat_name}, {realEstate.county_name}
                  </Text>
                  <Text size="sm" c="gray.7">
                    {realEstate.type_label}
                    {realEstate.area !== null ? ` · ${realEstate.area.toLocaleString('ro-RO')} mp` : ''}
                    {realEstate.address ? ` · ${realEstate.address}` : ''}
                  </Text>
                  <Group gap={6} mt={4}>
                    <SoftBadge color={realEstate.found_in_registry ? 'green.9' : 'gray.9'}>
                      {realEstate.found_in_registry ? t('wizard.realEstates.inRegistry') : t('wizard.realEstates.notInRegistry')}
                    </SoftBadge>
                  </Group>
                  {realEstate.area_mismatch ? (
                    <Text size="sm" c="orange.9" mt={4} data-testid="area-mismatch">
                      <IconAlertTriangle size={14} aria-hidden style={{ verticalAlign: 'middle' }} />{' '}
                      {t('wizard.realEstates.mismatch', { area: realEstate.registry_area?.toLocaleString('ro-RO') ?? '' })}
                    </Text>
                  ) : null}
                </div>
                <ActionIcon
                  variant="subtle"
                  color="red.9"
                  onClick={() => void onRemove(realEstate)}
                  aria-label={t('wizard.realEstates.remove', { number: realEstate.cadastral_number })}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {error ? (
        <Text c="red.8" size="sm" role="alert" id={fieldDomId('real_estate_target')} tabIndex={-1}>
          {error}
        </Text>
      ) : null}
      <Fieldset legend={t('wizard.realEstates.add')} data-testid="real-estate-form">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
            <TextInput
              id={fieldDomId(path('cadastral_number'))}
              label={t('wizard.realEstates.cadastral')}
              required
              value={draft.cadastral_number}
              onChange={(e) => set({ cadastral_number: e.currentTarget.value })}
              error={errors.cadastral_number}
              maxLength={40}
            />
            <Select
              id={fieldDomId(path('county_id'))}
              label={t('wizard.realEstates.county')}
              data={places(counties.data)}
              searchable
              value={countyId ? String(countyId) : null}
              onChange={(v) => set({ county_id: v ? Number(v) : null, uat_id: null })}
              error={counties.isError ? t('form.optionsFailed') : undefined}
            />
            <Select
              id={fieldDomId(path('uat_id'))}
              label={t('wizard.realEstates.uat')}
              required
              data={places(uats.data)}
              searchable
              disabled={!countyId}
              value={draft.uat_id ? String(draft.uat_id) : null}
              onChange={(v) => set({ uat_id: v ? Number(v) : null })}
              error={uats.isError ? t('form.optionsFailed') : errors.uat_id}
            />
            <Select
              id={fieldDomId(path('type'))}
              label={t('wizard.realEstates.type')}
              required
              allowDeselect={false}
              data={REAL_ESTATE_TYPES.map((value) => ({ value, label: REAL_ESTATE_TYPE_LABELS[value] }))}
              value={draft.type}
              onChange={(v) => set({ type: (v as RealEstateType) ?? 'land' })}
            />
            <NumberInput
              id={fieldDomId(path('area'))}
              label={t('wizard.realEstates.area')}
              min={0}
              decimalScale={2}
              decimalSeparator=","
              value={draft.area}
              onChange={(v) => set({ area: typeof v === 'number' ? v : '' })}
              error={errors.area}
            />
            <TextInput
              id={fieldDomId(path('address'))}
              label={t('wizard.realEstates.address')}
              value={draft.address}
              onChange={(e) => set({ address: e.currentTarget.value })}
              error={errors.address}
              maxLength={500}
            />
          </SimpleGrid>
          <div aria-live="polite">
            {searchNote ? (
              <Alert variant="light" color="blue" data-testid="parcel-search-note">
                {searchNote}
              </Alert>
            ) : null}
          </div>
          <Group>
            <Button
              variant="light"
              leftSection={<IconSearch size={18} aria-hidden />}
              onClick={() => void onSearch()}
              loading={busy === 'search'}
              data-testid="parcel-search"
            >
              {t('wizard.realEstates.search')}
            </Button>
            <Button
              leftSection={<IconHomePlus size={18} aria-hidden />}
              onClick={() => void onAdd()}
              loading={busy === 'add'}
              data-testid="real-estate-add"
            >
              {t('wizard.realEstates.add')}
            </Button>
          </Group>
        </Stack>
      </Fieldset>
    </Stack>
  );
}
