import { Anchor, Button, Code, Group, List, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../../components/feedback/toast';
import { type OrganisationRecord, usePutUsefulLinks } from '../../api/organisations';
import { csvErrorLine, csvErrorText, showAdminError } from '../../errors';
import { lineOf, lineRange, usefulLinksToCsv } from '../../useful-links';
import { Notice } from '../../../../components/page/notice';

/**
 * The organisation's useful links edited as CSV text, one `denumire,link` per line (spec §3).
 * The server parses the text; when it refuses it (UTILS_LINKS_CSV_PARSE_ERROR) the message
 * names the line and what is wrong, the line is shown and selected in the text.
 */
export function UsefulLinksEditor({ record, editable }: { record: OrganisationRecord; editable: boolean }) {
  const { t } = useTranslation('administration');
  const stored = usefulLinksToCsv(record.useful_links);
  const [text, setText] = useState(stored);
  const [problem, setProblem] = useState<{ message: string; line: number | null; content: string | null } | null>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  const save = usePutUsefulLinks();

  // A new stored value (after saving, or another record) replaces the text.
  useEffect(() => {
    setText(stored);
    setProblem(null);
  }, [stored]);

  const onSave = async () => {
    setProblem(null);
    try {
      await save.mutateAsync({ id: record.id, csv: text });
      showToast('success', t('usefulLinks.saved'));
    } catch (error) {
      const message = csvErrorText(error);
      if (message === null) {
        showAdminError(error, { entity: 'organisation' });
        return;
      }
      const line = csvErrorLine(error);
      setProblem({ message, line, content: line === null ? null : lineOf(text, line) });
      const range = line === null ? null : lineRange(text, line);
      if (range && area.current) {
        area.current.focus();
        area.current.setSelectionRange(range[0], range[1]);
      }
    }
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="useful-links-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="useful-links-title">
            {t('usefulLinks.title')}
          </Title>
          <Text size="sm" c="gray.7" mt={4}>
            {t('usefulLinks.intro')}
          </Text>
        </div>
        {record.useful_links.length > 0 ? (
          <List size="sm" spacing={4} aria-label={t('usefulLinks.currentLabel')} data-testid="useful-links-list">
            {record.useful_links.map((link) => (
              <List.Item key={`${link.name}-${link.link}`}>
                <Anchor href={link.link} target="_blank" rel="noopener noreferrer">
                  {link.name}
                </Anchor>
              </List.Item>
            ))}
          </List>
        ) : (
          <Text size="sm">{t('usefulLinks.none')}</Text>
        )}
        {editable ? (
          <>
            <Textarea
              ref={area}
              id="useful-links-csv"
              label={t('usefulLinks.csvLabel')}
              description={t('usefulLinks.csvHint')}
              autosize
              minRows={4}
              maxRows={16}
              value={text}
              onChange={(event) => {
                setText(event.currentTarget.value);
                setProblem(null);
              }}
              error={problem ? t('usefulLinks.errorShort') : undefined}
              aria-describedby={problem ? 'useful-links-error' : undefined}
              styles={{ input: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' } }}
              spellCheck={false}
              wrap="off"
              data-testid="useful-links-csv"
            />
            {problem ? (
              <Notice tone="error" id="useful-links-error" data-testid="useful-links-error">
                <Stack gap={4}>
                  <Text size="sm" fw={600}>
                    {problem.message}
                  </Text>
                  {problem.content !== null ? (
                    <Text size="sm">
                      {t('usefulLinks.lineContent')} <Code>{problem.content || t('usefulLinks.emptyLine')}</Code>
                    </Text>
                  ) : null}
                </Stack>
              </Notice>
            ) : null}
            <Group justify="flex-end">
              <Button
                leftSection={<IconDeviceFloppy size={16} aria-hidden />}
                onClick={() => void onSave()}
                loading={save.isPending}
                disabled={text === stored}
                data-testid="useful-links-save"
              >
                {t('usefulLinks.save')}
              </Button>
            </Group>
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
