import type { StaffApplicationListItem } from '@ghiseu/domain';
import { Button, Group, Select } from '@mantine/core';
import { IconUserShare } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/feedback/toast';
import { useBulkAssign, useStaffCandidates } from '../api/staff-applications';
import { errorText } from '../errors';

export interface BulkAssignProps {
  /** The rows chosen in the list. */
  selected: readonly StaffApplicationListItem[];
  /** More rows are chosen than one bulk assignment may take (the table shows the error). */
  overLimit: boolean;
  onDone: () => void;
}

/**
 * The list's bulk "Alocați": a clerk of the organisation, then one assign call per chosen
 * application. Refused while the selection is over the limit; a partial failure says how many
 * went through and why the others did not.
 */
export function BulkAssign({ selected, overLimit, onDone }: BulkAssignProps) {
  const { t } = useTranslation('staff-applications');
  const candidates = useStaffCandidates('assignee');
  const assign = useBulkAssign();
  const [assignee, setAssignee] = useState<string | null>(null);

  const onAssign = async () => {
    if (!assignee || selected.length === 0 || overLimit) return;
    const result = await assign.mutateAsync({ ids: selected.map((row) => row.id), assigneeUserId: Number(assignee) });
    if (result.done > 0) showToast('success', t('bulk.assigned', { count: result.done }));
    if (result.failed.length > 0)
      showToast('error', t('bulk.failed', { count: result.failed.length, reason: errorText(result.failed[0].error) }));
    onDone();
  };

  return (
    <Group gap="xs" align="flex-end" data-testid="bulk-assign">
      <Select
        label={t('bulk.assignee')}
        placeholder={t('bulk.assigneePlaceholder')}
        data={(candidates.data ?? []).map((person) => ({ value: String(person.id), label: person.name }))}
        value={assignee}
        onChange={setAssignee}
        searchable
        size="xs"
        w={220}
        error={candidates.isError ? t('form.optionsFailed') : undefined}
      />
      <Button
        size="xs"
        leftSection={<IconUserShare size={16} aria-hidden />}
        disabled={!assignee || selected.length === 0 || overLimit}
        loading={assign.isPending}
        onClick={() => void onAssign()}
        data-testid="bulk-assign-submit"
      >
        {selected.length > 0 ? t('bulk.assignCount', { count: selected.length }) : t('bulk.assign')}
      </Button>
    </Group>
  );
}
