import { parseResponseDays, VALIDATION_MESSAGES } from '@ghiseu/domain';
import { ActionIcon, Button, Group, Text, TextInput } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/feedback/toast';
import { useStaffAction } from '../api/staff-applications';
import { errorText } from '../errors';

/**
 * The response days a typed value stands for, or the spec's message (§5: required, numeric,
 * 0–9999, else 'Introdu un numar'). Digits only: "30" and " 30 " pass, "3.5", "-1", "abc" fail.
 */
export function checkResponseDays(value: string): { days: number } | { error: string } {
  const days = parseResponseDays(value);
  return days === null ? { error: VALIDATION_MESSAGES.responseDays } : { days };
}

export interface ResponseDaysEditProps {
  applicationId: number;
  /** The current term in working days (null: the type's default was never set). */
  days: number | null;
  /** `abilities.canEditResponseDays`: without it the term is only shown. */
  editable: boolean;
}

/**
 * Inline edit of the response term (spec §4: view → edit → validated → saved), for holders of
 * responseDueDaysEdit. Saving recomputes the due date on the server; the record comes back fresh.
 */
export function ResponseDaysEdit({ applicationId, days, editable }: ResponseDaysEditProps) {
  const { t } = useTranslation('staff-applications');
  const action = useStaffAction(applicationId);
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  const shown = days === null ? t('deadline.noTerm') : t('deadline.term', { count: days });

  if (!editing)
    return (
      <Group gap={4} wrap="nowrap">
        <Text component="span" fw={500} data-testid="response-days">
          {shown}
        </Text>
        {editable ? (
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-label={t('deadline.edit')}
            data-testid="response-days-edit"
            onClick={() => {
              setValue(days === null ? '' : String(days));
              setError(null);
              setEditing(true);
            }}
          >
            <IconPencil size={16} aria-hidden />
          </ActionIcon>
        ) : null}
      </Group>
    );

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkResponseDays(value);
    if ('error' in checked) {
      setError(checked.error);
      return;
    }
    setError(null);
    try {
      await action.mutateAsync({
        action: 'response-due-in-days',
        body: { application_type_remaining_period: checked.days },
      });
      showToast('success', t('deadline.saved'));
      setEditing(false);
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('deadline.edit')} data-testid="response-days-form">
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          label={t('deadline.daysLabel')}
          inputMode="numeric"
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          error={error}
          size="xs"
          w={140}
          data-autofocus
          autoFocus
          data-testid="response-days-input"
        />
        <Group gap={4} mt={22}>
          <Button size="xs" type="submit" loading={action.isPending} data-testid="response-days-save">
            {t('deadline.save')}
          </Button>
          <Button size="xs" variant="default" onClick={() => setEditing(false)}>
            {t('actions.cancel')}
          </Button>
        </Group>
      </Group>
    </form>
  );
}
