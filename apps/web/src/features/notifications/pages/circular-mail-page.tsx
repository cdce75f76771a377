import { CIRCULAR_MESSAGES, isValidEmail, NOTIFICATION_LIMITS, splitExtraEmails } from '@ghiseu/domain';
import {
  Alert,
  Anchor,
  Button,
  Group,
  MultiSelect,
  Paper,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { Link, useNavigate, useParams } from 'react-router';
import { showToast } from '../../../components/feedback/toast';
import { PageHeader } from '../../../components/page/page-header';
import { Upload, type UploadedFile } from '../../../components/upload';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/api-errors';
import { useSendCircular } from '../api/notifications';
import {
  uploadCircularFile,
  useCircularApplication,
  useCircularDepartments,
  useCircularHistory,
  useCircularStaff,
} from '../api/circular-options';

interface CircularErrors {
  recipients?: string;
  extraEmails?: string;
  subject?: string;
  message?: string;
}

/** The form's own checks (spec §5 "Circular"): at least one recipient, valid extra e-mails, subject and message. */
export function validateCircular(input: {
  departmentIds: readonly string[];
  userIds: readonly string[];
  extraEmails: string;
  subject: string;
  message: string;
}): CircularErrors {
  const errors: CircularErrors = {};
  const emails = splitExtraEmails(input.extraEmails);
  const invalid = emails.filter((email) => !isValidEmail(email));
  if (invalid.length > 0) errors.extraEmails = CIRCULAR_MESSAGES.invalidEmails.replace('{emails}', invalid.join(', '));
  if (input.departmentIds.length === 0 && input.userIds.length === 0 && emails.length === 0)
    errors.recipients = CIRCULAR_MESSAGES.noRecipient;
  if (!input.subject.trim()) errors.subject = CIRCULAR_MESSAGES.subjectRequired;
  if (!input.message.trim()) errors.message = CIRCULAR_MESSAGES.messageRequired;
  return errors;
}

/**
 * /application-circular-mail/:id (circularNotificationsCreate): a circular about one application,
 * to departments, staff members and extra e-mail addresses, with a subject, a message and
 * attachments (PDF, PNG, JPEG up to 50 MB). Sent with POST /notifications/circular; then back to
 * the application's record.
 */
export function CircularMailPage() {
  const { t } = useTranslation('notifications');
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const application = useCircularApplication(id);
  const departments = useCircularDepartments(id);
  const [staffSearch, setStaffSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(staffSearch, 250);
  const staff = useCircularStaff(id, debouncedSearch);
  const send = useSendCircular();

  const [departmentIds, setDepartmentIds] = useState<string[]>([]);
  const [userIds, setUserIds] = useState<string[]>([]);
  /** Labels of the chosen staff, kept when a later search no longer lists them. */
  const [userLabels, setUserLabels] = useState<Record<string, string>>({});
  const [extraEmails, setExtraEmails] = useState('');
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [files, setFiles] = useState<UploadedFile[]>([]);
  const [errors, setErrors] = useState<CircularErrors>({});
  const [validated, setValidated] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  const staffOptions = useMemo(() => {
    const found = (staff.data ?? []).map((person) => ({ value: String(person.id), label: person.name }));
    const listed = new Set(found.map((option) => option.value));
    const chosen = userIds.filter((value) => !listed.has(value)).map((value) => ({ value, label: userLabels[value] ?? value }));
    return [...chosen, ...found];
  }, [staff.data, userIds, userLabels]);

  const onUsersChange = (values: string[]) => {
    setUserIds(values);
    setUserLabels((current) => {
      const next = { ...current };
      for (const option of staffOptions) if (values.includes(option.value)) next[option.value] = option.label;
      return next;
    });
  };

  const onSend = async () => {
    setValidated(true);
    setFormError(null);
    const found = validateCircular({ departmentIds, userIds, extraEmails, subject, message });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const result = await send.mutateAsync({
        application_id: Number.isInteger(id) && id > 0 ? id : null,
        department_ids: departmentIds.map(Number),
        user_ids: userIds.map(Number),
        extra_emails: splitExtraEmails(extraEmails).join(', '),
        subject: subject.trim(),
        message: message.trim(),
        file_ids: files.map((file) => file.file_id),
      });
      showToast('success', t('circular.sent', { users: result.users, emails: result.emails }));
      void navigate(`/application/${id}`);
    } catch (error) {
      setFormError(error instanceof ApiError ? apiErrorText(error) : t('circular.sendError'));
    }
  };

  const record = application.data;
  return (
    <Stack gap="lg" data-testid="circular-mail-page">
      <PageHeader
        title={t('circular.title')}
        subtitle={
          record
            ? t('circular.subtitle', {
                number: record.identification_number ?? `#${record.id}`,
                type: record.application_type_name ?? '',
              })
            : application.isError
              ? t('circular.loadError')
              : t('circular.subtitleLoading')
        }
        above={
          <Anchor component={Link} to={`/application/${id}`} size="sm">
            {t('circular.back')}
          </Anchor>
        }
      />
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <Title order={2} size="h4">
            {t('circular.recipients')}
          </Title>
          <MultiSelect
            label={t('circular.departments')}
            description={departments.isError ? t('circular.departmentsUnavailable') : t('circular.departmentsHint')}
            disabled={departments.isError}
            data={(departments.data ?? []).map((department) => ({ value: String(department.id), label: department.name }))}
            value={departmentIds}
            onChange={setDepartmentIds}
            searchable
            clearable
            data-testid="circular-departments"
          />
          <MultiSelect
            label={t('circular.users')}
            description={staff.isError ? t('circular.usersUnavailable') : t('circular.usersHint')}
            disabled={staff.isError && userIds.length === 0}
            data={staffOptions}
            value={userIds}
            onChange={onUsersChange}
            searchable
            searchValue={staffSearch}
            onSearchChange={setStaffSearch}
            filter={({ options }) => options}
            nothingFoundMessage={t('circular.usersNothing')}
            clearable
            data-testid="circular-users"
          />
          <TextInput
            label={t('circular.extraEmails')}
            description={t('circular.extraEmailsHint')}
            value={extraEmails}
            onChange={(event) => setExtraEmails(event.currentTarget.value)}
            error={errors.extraEmails}
            data-testid="circular-extra-emails"
          />
          {errors.recipients ? (
            <Alert color="red" variant="light" role="alert" data-testid="circular-recipients-error">
              {errors.recipients}
            </Alert>
          ) : null}
          <TextInput
            label={t('circular.subject')}
            value={subject}
            onChange={(event) => setSubject(event.currentTarget.value)}
            maxLength={NOTIFICATION_LIMITS.circularSubject}
            required
            error={errors.subject}
          />
          <Textarea
            label={t('circular.message')}
            value={message}
            onChange={(event) => setMessage(event.currentTarget.value)}
            autosize
            minRows={6}
            maxRows={20}
            maxLength={NOTIFICATION_LIMITS.circularMessage}
            required
            error={errors.message}
          />
          <Upload
            label={t('circular.attachments')}
            description={t('circular.attachmentsHint')}
            value={files}
            onChange={setFiles}
            uploadFile={uploadCircularFile}
            purpose="circular"
            validated={validated}
          />
          {formError ? (
            <Alert color="red" variant="light" role="alert" data-testid="circular-error">
              {formError}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" component={Link} to={`/application/${id}`}>
              {t('circular.back')}
            </Button>
            <Button onClick={() => void onSend()} loading={send.isPending} data-testid="circular-send">
              {t('circular.send')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <CircularHistory applicationId={id} />
    </Stack>
  );
}

/** The circulars already sent about this application: when, by whom, to how many. */
function CircularHistory({ applicationId }: { applicationId: number }) {
  const { t } = useTranslation('notifications');
  const history = useCircularHistory(applicationId);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="circular-history-title">
      <Title order={2} size="h4" id="circular-history-title" mb="sm">
        {t('circular.history')}
      </Title>
      {history.isPending ? (
        <Skeleton height={40} />
      ) : history.isError ? (
        <Text size="sm" c="red.8" role="alert">
          {t('circular.historyError')}
        </Text>
      ) : history.data.length === 0 ? (
        <Text size="sm">{t('circular.historyEmpty')}</Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="circular-history">
          {history.data.map((circular) => (
            <li key={circular.id}>
              <Text size="sm" fw={600}>
                {circular.subject}
              </Text>
              <Text size="xs" c="gray.7">
                {t('circular.historyItem', {
                  date: formatDateTime(circular.created_at),
                  sender: circular.created_by.name,
                  users: circular.recipient_users,
                  emails: circular.recipient_emails,
                })}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
