import { Anchor, Button, Group, Paper, Stack, Textarea, TextInput } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { showToast } from '../../../components/feedback/toast';
import { PageHeader } from '../../../components/page/page-header';
import { useCreateForm } from '../api/forms';
import { propertyIssueOf, showFormError } from '../errors';

/** /form/new: the name and description of a new form; the builder opens once it is created. */
export function CreateFormPanel() {
  const { t } = useTranslation(['forms', 'routes']);
  const navigate = useNavigate();
  const create = useCreateForm();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setNameError(t('editor.nameRequired'));
      return;
    }
    try {
      const record = await create.mutateAsync({ name: name.trim(), description: description.trim() || null });
      showToast('success', t('editor.created', { name: record.name }));
      navigate(`/form/${record.id}`, { replace: true });
    } catch (error) {
      const issue = propertyIssueOf(error, 'name');
      if (issue) setNameError(issue);
      else showFormError(error);
    }
  };

  return (
    <Stack gap="lg" data-testid="form-new-page">
      <PageHeader
        title={t('routes:formNew')}
        subtitle={t('editor.newSubtitle')}
        above={
          <Anchor component={Link} to="/forms" size="sm">
            <Group gap={4}>
              <IconArrowLeft size={14} aria-hidden />
              {t('editor.back')}
            </Group>
          </Anchor>
        }
      />
      <Paper withBorder p="lg" radius="md" maw={720}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              id="form-new-name"
              label={t('fields.name')}
              value={name}
              onChange={(e) => {
                setName(e.currentTarget.value);
                setNameError(undefined);
              }}
              error={nameError}
              required
              maxLength={255}
              data-autofocus
            />
            <Textarea
              id="form-new-description"
              label={t('fields.description')}
              value={description}
              onChange={(e) => setDescription(e.currentTarget.value)}
              maxLength={2000}
              autosize
              minRows={3}
            />
            <Group justify="flex-end">
              <Button variant="default" component={Link} to="/forms">
                {t('actions.cancel')}
              </Button>
              <Button type="submit" loading={create.isPending} data-testid="form-new-submit">
                {t('editor.createSubmit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
