import type { UserMessage } from '@ghiseu/domain';
import { Badge, Box, Button, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { type UIEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { flattenMessages, messageTarget, useMarkMessageRead, userMessagesQueryOptions } from '../api/user-messages';
import { formatMessageDate } from './message-date';
import classes from './bell-list.module.css';

/**
 * The message's HTML without its links: the whole item is the button that opens the record, and a
 * link inside a button is a control inside a control (unreachable by keyboard, an axe error).
 */
export function withoutLinks(html: string): string {
  if (typeof DOMParser === 'undefined' || !/<a[\s>]/i.test(html)) return html;
  const doc = new DOMParser().parseFromString(`<div>${html}</div>`, 'text/html');
  for (const link of doc.querySelectorAll('a')) link.replaceWith(...link.childNodes);
  return doc.body.firstElementChild?.innerHTML ?? html;
}

/** How close to the end of the list (px) counts as "scrolled to the end". */
const END_THRESHOLD_PX = 24;

/**
 * The bell's dropdown (spec §2, §4): the messages of the loaded months, newest first; scrolling to
 * the end (or the button at the end) loads the month before. Opening a message marks it read
 * first, then goes to its application or complaint. Loaded lazily on the first open.
 */
export function BellList({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation('notifications');
  const navigate = useNavigate();
  const query = useInfiniteQuery(userMessagesQueryOptions);
  const markRead = useMarkMessageRead();
  const messages = flattenMessages(query.data);
  // The relative dates move while the list is open.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);

  const loadOlder = () => {
    if (query.hasNextPage && !query.isFetchingNextPage && !query.isFetching) void query.fetchNextPage();
  };
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const box = event.currentTarget;
    if (box.scrollTop + box.clientHeight >= box.scrollHeight - END_THRESHOLD_PX) loadOlder();
  };

  const open = async (message: UserMessage) => {
    if (!message.has_been_read) {
      try {
        await markRead.mutateAsync(message.id);
      } catch {
        // Going to the record matters more than the read mark; the next load shows it unread.
      }
    }
    const target = messageTarget(message);
    onNavigate();
    if (target) void navigate(target);
  };

  return (
    <Stack gap="xs" data-testid="notification-list-panel">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={700} component="h2" m={0}>
          {t('bell.title')}
        </Text>
        <Button component={Link} to="/notifications" variant="subtle" size="compact-sm" onClick={onNavigate}>
          {t('bell.settings')}
        </Button>
      </Group>
      {query.isPending ? (
        <Group gap="xs" py="sm" role="status">
          <Loader size="xs" aria-hidden />
          <Text size="sm">{t('bell.loading')}</Text>
        </Group>
      ) : query.isError && messages.length === 0 ? (
        <Stack gap={4} py="sm" role="alert">
          <Text size="sm">{t('bell.loadError')}</Text>
          <Button variant="light" size="compact-sm" w="fit-content" onClick={() => void query.refetch()}>
            {t('bell.retry')}
          </Button>
        </Stack>
      ) : (
        <Box className={classes.scroller} onScroll={onScroll} data-testid="notification-scroller" tabIndex={-1}>
          {messages.length === 0 ? (
            <Text size="sm" py="sm">
              {t('bell.empty')}
            </Text>
          ) : (
            <ul className={classes.list} aria-label={t('bell.listLabel')} data-testid="notification-list">
              {messages.map((message) => (
                <li key={message.id}>
                  <MessageItem message={message} now={now} onOpen={() => void open(message)} />
                </li>
              ))}
            </ul>
          )}
          {query.hasNextPage ? (
            <Button
              variant="subtle"
              size="compact-sm"
              fullWidth
              mt={4}
              onClick={loadOlder}
              loading={query.isFetchingNextPage}
              data-testid="notification-load-older"
            >
              {t('bell.loadOlder')}
            </Button>
          ) : (
            <Text size="xs" c="gray.7" ta="center" py={4}>
              {t('bell.noOlder')}
            </Text>
          )}
        </Box>
      )}
    </Stack>
  );
}

function MessageItem({ message, now, onOpen }: { message: UserMessage; now: number; onOpen: () => void }) {
  const { t } = useTranslation('notifications');
  const unread = !message.has_been_read;
  return (
    <UnstyledButton
      className={classes.item}
      data-unread={unread || undefined}
      onClick={onOpen}
      data-testid={`notification-item-${message.id}`}
      aria-label={t(unread ? 'bell.itemUnread' : 'bell.item', { title: message.title })}
    >
      <Group gap={6} wrap="nowrap" justify="space-between" align="flex-start">
        <Text size="sm" fw={unread ? 700 : 500} className={classes.title}>
          {message.title}
        </Text>
        {unread ? (
          <Badge size="xs" color="red.9" variant="filled" className={classes.badge}>
            {t('bell.unread')}
          </Badge>
        ) : null}
      </Group>
      <MessageHtml html={message.message} />
      <Group gap={8} justify="space-between" wrap="nowrap">
        <Text size="xs" c="gray.7">
          {message.recipient_identification_number ?? ''}
        </Text>
        <Text size="xs" c="gray.7" component="time" dateTime={message.created_date}>
          {formatMessageDate(message.created_date, now)}
        </Text>
      </Group>
    </UnstyledButton>
  );
}

/** The message body: HTML the server sanitised when it stored it, shown without its links. */
function MessageHtml({ html }: { html: string }) {
  const __html = withoutLinks(html);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitises messages (sanitize-html) when it stores them.
  return <Text size="xs" component="div" className={classes.message} dangerouslySetInnerHTML={{ __html }} />;
}
