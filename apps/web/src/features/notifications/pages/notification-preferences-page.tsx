import {
  NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_FREQUENCIES,
  NOTIFICATION_FREQUENCY_LABELS,
  NOTIFICATION_LANGUAGE_LABELS,
  NOTIFICATION_LANGUAGES,
  type NotificationChannel,
  type NotificationLanguage,
  type NotificationPreference,
  type NotificationType,
  notificationEvent,
} from '@ghiseu/domain';
import { Alert, Anchor, Button, Checkbox, Group, NativeSelect, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/feedback/error-state';
import { showToast } from '../../../components/feedback/toast';
import { PageHeader } from '../../../components/page/page-header';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/api-errors';
import { useNotificationPreferences, useNotificationTypes, useSaveNotificationPreferences } from '../api/notifications';

const CHANNELS: readonly NotificationChannel[] = ['email', 'sms', 'in_app'];
type ChannelFlag = 'email' | 'sms' | 'in_app';

/** The row of an event the stored preferences do not have yet: the catalogue's defaults. */
function defaultRow(type: NotificationType): NotificationPreference {
  const defaults = notificationEvent(type.type)?.defaults ?? {
    email: false,
    sms: false,
    in_app: false,
    frequency: 'immediately',
  };
  return { event_type: type.type, ...defaults };
}

/**
 * /notifications (notificationPreferences, every role): the language of the user's messages and,
 * per configurable event, the channels (e-mail, SMS, in-app: only those the event has) and the
 * frequency (immediately or a daily, weekly or monthly digest).
 */
export function NotificationPreferencesPage() {
  const { t } = useTranslation('notifications');
  const types = useNotificationTypes();
  const stored = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const [language, setLanguage] = useState<NotificationLanguage>('ro');
  const [rows, setRows] = useState<Record<string, NotificationPreference>>({});
  const [error, setError] = useState<string | null>(null);
  const narrow = useMediaQuery('(max-width: 40em)');

  const configurable = useMemo(() => (types.data ?? []).filter((type) => type.configurable), [types.data]);

  // The form starts from what is stored; events without a stored row start from the defaults.
  useEffect(() => {
    if (!stored.data || !types.data) return;
    setLanguage(stored.data.language);
    const byType = new Map(stored.data.items.map((item) => [item.event_type, item]));
    setRows(Object.fromEntries(configurable.map((type) => [type.type, byType.get(type.type) ?? defaultRow(type)])));
  }, [stored.data, types.data, configurable]);

  const update = (eventType: string, patch: Partial<NotificationPreference>) =>
    setRows((current) => {
      const row = current[eventType];
      return row ? { ...current, [eventType]: { ...row, ...patch } } : current;
    });

  const onSave = async () => {
    setError(null);
    try {
      await save.mutateAsync({ language, items: configurable.map((type) => rows[type.type] ?? defaultRow(type)) });
      showToast('success', t('preferences.saved'));
    } catch (caught) {
      setError(caught instanceof ApiError ? apiErrorText(caught) : t('preferences.saveError'));
    }
  };

  const loading = types.isPending || stored.isPending;
  const failed = types.isError || stored.isError;

  return (
    <Stack gap="lg" data-testid="notification-preferences-page">
      <PageHeader title={t('preferences.title')} subtitle={t('preferences.subtitle')} />
      {loading ? (
        <Skeleton h={320} radius="md" />
      ) : failed ? (
        <ErrorState
          title={t('preferences.loadError')}
          message={
            (types.error ?? stored.error) instanceof ApiError
              ? ((types.error ?? stored.error) as ApiError).userMessage
              : undefined
          }
          onRetry={() => {
            void types.refetch();
            void stored.refetch();
          }}
        />
      ) : (
        <Paper withBorder radius="md" p="md">
          <Stack gap="md">
            <NativeSelect
              label={t('preferences.language')}
              description={t('preferences.languageHint')}
              value={language}
              onChange={(event) => setLanguage(event.currentTarget.value as NotificationLanguage)}
              data={NOTIFICATION_LANGUAGES.map((value) => ({ value, label: NOTIFICATION_LANGUAGE_LABELS[value] }))}
              maw={320}
              data-testid="notification-language"
            />
            <Alert color="blue" variant="light" title={t('preferences.smsNote')}>
              <Anchor component={Link} to="/profile" size="sm">
                {t('preferences.smsNoteLink')}
              </Anchor>
              <Text size="sm" mt={4}>
                {t('preferences.digestNote')}
              </Text>
            </Alert>
            {configurable.length === 0 ? (
              <Text>{t('preferences.empty')}</Text>
            ) : narrow ? (
              // A phone: one card per event, the channels and the frequency under its name.
              <Stack gap="sm" data-testid="notification-preferences" role="list" aria-label={t('preferences.tableLabel')}>
                {configurable.map((type) => {
                  const row = rows[type.type] ?? defaultRow(type);
                  return (
                    <Paper key={type.type} withBorder p="sm" role="listitem" data-testid={`preference-${type.type}`}>
                      <Text size="sm" fw={600}>
                        {type.label}
                      </Text>
                      <Text size="xs" c="gray.7" mb="xs">
                        {type.recipients}
                      </Text>
                      <Group gap="md" mb="xs">
                        {CHANNELS.filter((channel) => type.channels.includes(channel)).map((channel) => (
                          <ChannelBox key={channel} type={type} channel={channel} row={row} update={update} withLabel />
                        ))}
                      </Group>
                      <FrequencySelect type={type} row={row} update={update} withLabel />
                    </Paper>
                  );
                })}
              </Stack>
            ) : (
              <Table.ScrollContainer minWidth={640}>
                <Table striped withTableBorder data-testid="notification-preferences">
                  <Table.Caption>{t('preferences.tableLabel')}</Table.Caption>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{t('preferences.event')}</Table.Th>
                      {CHANNELS.map((channel) => (
                        <Table.Th key={channel} scope="col" ta="center">
                          {NOTIFICATION_CHANNEL_LABELS[channel]}
                        </Table.Th>
                      ))}
                      <Table.Th scope="col">{t('preferences.frequency')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {configurable.map((type) => {
                      const row = rows[type.type] ?? defaultRow(type);
                      return (
                        <Table.Tr key={type.type} data-testid={`preference-${type.type}`}>
                          <Table.Th scope="row" fw={500}>
                            <Text size="sm" fw={600}>
                              {type.label}
                            </Text>
                            <Text size="xs" c="gray.7">
                              {type.recipients}
                            </Text>
                          </Table.Th>
                          {CHANNELS.map((channel) => (
                            <Table.Td key={channel} ta="center">
                              {type.channels.includes(channel) ? (
                                <Group justify="center">
                                  <ChannelBox type={type} channel={channel} row={row} update={update} />
                                </Group>
                              ) : (
                                <Text size="xs" c="gray.7">
                                  {t('preferences.notAvailable')}
                                </Text>
                              )}
                            </Table.Td>
                          ))}
                          <Table.Td>
                            <FrequencySelect type={type} row={row} update={update} />
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            {error ? (
              <Alert color="red" variant="light" role="alert" data-testid="notification-preferences-error">
                {error}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button onClick={() => void onSave()} loading={save.isPending} data-testid="notification-preferences-save">
                {t('preferences.save')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

type Update = (eventType: string, patch: Partial<NotificationPreference>) => void;

/** One channel of one event (its accessible name says both; on a phone the channel is also written beside it). */
function ChannelBox({
  type,
  channel,
  row,
  update,
  withLabel,
}: {
  type: NotificationType;
  channel: NotificationChannel;
  row: NotificationPreference;
  update: Update;
  withLabel?: boolean;
}) {
  const { t } = useTranslation('notifications');
  return (
    <Checkbox
      checked={row[channel as ChannelFlag]}
      onChange={(event) => update(type.type, { [channel]: event.currentTarget.checked })}
      label={withLabel ? NOTIFICATION_CHANNEL_LABELS[channel] : undefined}
      aria-label={t('preferences.channelFor', { channel: NOTIFICATION_CHANNEL_LABELS[channel], event: type.label })}
    />
  );
}

/** How often one event is sent by e-mail and SMS. */
function FrequencySelect({
  type,
  row,
  update,
  withLabel,
}: {
  type: NotificationType;
  row: NotificationPreference;
  update: Update;
  withLabel?: boolean;
}) {
  const { t } = useTranslation('notifications');
  return (
    <NativeSelect
      size="xs"
      label={withLabel ? t('preferences.frequency') : undefined}
      value={row.frequency}
      onChange={(event) => update(type.type, { frequency: event.currentTarget.value as NotificationPreference['frequency'] })}
      data={NOTIFICATION_FREQUENCIES.map((value) => ({ value, label: NOTIFICATION_FREQUENCY_LABELS[value] }))}
      aria-label={t('preferences.frequencyFor', { event: type.label })}
    />
  );
}
