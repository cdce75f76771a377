import { Button, Group, Modal, Select, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/feedback/toast';
import { foldedOptionsFilter } from '../../../components/inputs';
import { Notice } from '../../../components/page/notice';
import { apiErrorText } from '../../../lib/api-errors';
import { useComplaintAction, useComplaintSolvers } from '../api/complaints';
import type { ComplaintRecord } from '../api/types';

/** 'Repartizați': the staff member of the organisation who solves the complaint (NEW|PENDING → PENDING). */
export function AssignModal({
  complaint,
  opened,
  onClose,
}: {
  complaint: ComplaintRecord;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('complaints');
  const solvers = useComplaintSolvers(complaint.id, opened);
  const action = useComplaintAction(complaint.id);
  const [solver, setSolver] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (opened) {
      setSolver(complaint.solver ? String(complaint.solver.id) : null);
      setError(null);
    }
  }, [opened, complaint.solver]);

  const submit = async () => {
    if (!solver) {
      setError(t('assign.required'));
      return;
    }
    try {
      await action.mutateAsync({ action: 'assign', body: { solver_user_id: Number(solver) } });
      const name = solvers.data?.find((s) => String(s.id) === solver)?.name ?? '';
      showToast('success', t('assign.done', { name }));
      onClose();
    } catch (failure) {
      setError(apiErrorText(failure));
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('assign.title', { code: complaint.entry_code })}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <Stack gap="md" data-testid="assign-modal">
        <Select
          label={t('assign.solver')}
          required
          searchable
          filter={foldedOptionsFilter}
          nothingFoundMessage={t('form.nothingFound')}
          data={(solvers.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          value={solver}
          onChange={(value) => {
            setSolver(value);
            setError(null);
          }}
          placeholder={solvers.isPending ? t('loading') : undefined}
          error={solvers.isError ? t('form.optionsFailed') : error}
          data-testid="assign-solver"
        />
        {solvers.isSuccess && solvers.data.length === 0 ? <Notice tone="warning">{t('assign.none')}</Notice> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button onClick={() => void submit()} loading={action.isPending} data-testid="assign-save">
            {t('assign.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
