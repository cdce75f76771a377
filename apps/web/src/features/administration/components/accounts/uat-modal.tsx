import type { StaffAccount } from '@ghiseu/domain';
import { Button, Group, Modal, MultiSelect, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../../components/feedback/toast';
import { foldedOptionsFilter } from '../../../../components/inputs/autocomplete-field';
import { useAssignStaffUats, useUatAllocations } from '../../api/staff-accounts';
import { useJurisdictionUats } from '../../../../lib/territory';
import { adminErrorText } from '../../errors';
import { Notice } from '../../../../components/page/notice';

const displayName = (account: StaffAccount) => [account.first_name, account.last_name].filter(Boolean).join(' ') || account.email;

/**
 * The UATs a staff member answers for (spec §3, §5): a multi-select of the UATs in the
 * jurisdiction of the account's organisation. One UAT cannot be assigned to two staff members:
 * the options say who holds one already, and the server's UAT_ALREADY_ASSIGNED names the UAT.
 */
export function UatModal({ account, onClose }: { account: StaffAccount | null; onClose: () => void }) {
  const { t } = useTranslation('administration');
  const uats = useJurisdictionUats(account?.organisation_id ?? null);
  const allocations = useUatAllocations(account !== null);
  const save = useAssignStaffUats();
  const [value, setValue] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setValue((account?.uats ?? []).map((u) => String(u.id)));
    setError(null);
  }, [account]);

  const holders = useMemo(
    () => new Map((allocations.data ?? []).filter((a) => a.user_id !== account?.id).map((a) => [a.uat_id, a.user_name])),
    [allocations.data, account?.id],
  );
  const uatName = useMemo(() => {
    const names = new Map((uats.data ?? []).map((u) => [u.id, u.name]));
    for (const u of account?.uats ?? []) names.set(u.id, u.name);
    return (id: number) => names.get(id);
  }, [uats.data, account]);

  const options = (uats.data ?? []).map((uat) => {
    const holder = holders.get(uat.id);
    return {
      value: String(uat.id),
      label: holder ? t('uats.heldBy', { name: `${uat.name} (${uat.type})`, holder }) : `${uat.name} (${uat.type})`,
    };
  });

  const onSave = async () => {
    if (!account) return;
    setError(null);
    try {
      await save.mutateAsync({ id: account.id, uatIds: value.map(Number) });
      showToast('success', t('uats.saved', { name: displayName(account) }));
      onClose();
    } catch (failure) {
      setError(adminErrorText(failure, { entity: 'staffAccount', uatName }));
    }
  };

  return (
    <Modal
      opened={account !== null}
      onClose={onClose}
      title={account ? t('uats.title', { name: displayName(account) }) : ''}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      {account ? (
        <Stack gap="md" data-testid="uat-editor">
          <Text size="sm">{t('uats.intro')}</Text>
          {error ? (
            <Notice tone="error" data-testid="uat-error">
              {error}
            </Notice>
          ) : null}
          <MultiSelect
            id="staff-uats"
            label={t('uats.label')}
            data={options}
            value={value}
            onChange={(next) => {
              setValue(next);
              setError(null);
            }}
            searchable
            clearable
            filter={foldedOptionsFilter}
            nothingFoundMessage={t('organisation.nothingFound')}
            placeholder={uats.isPending ? t('common:loading') : undefined}
            error={uats.isError ? t('organisation.optionsFailed') : undefined}
            clearButtonProps={{ 'aria-label': t('uats.clear') }}
            maxDropdownHeight={280}
            data-testid="staff-uats"
          />
          {!uats.isPending && !uats.isError && options.length === 0 ? <Text size="sm">{t('uats.none')}</Text> : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button onClick={() => void onSave()} loading={save.isPending} data-testid="uat-save">
              {t('actions.save')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
