import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { NotificationBell } from '../../../app/layout/notification-bell';
import { HttpResponse, http, sentRequests, server } from '../../../test/msw';
import { messageWindow } from '../api/user-messages';
import { buildUserMessage, loadNotificationTexts, renderSignedIn } from '../test-support';
import { formatMessageDate } from './message-date';

const UI_TEST_TIMEOUT = 20_000;
const MINUTE = 60_000;

beforeAll(loadNotificationTexts);
afterEach(() => {
  vi.useRealTimers();
});

const bell = () => screen.getByTestId('notification-bell');
const renderBell = () => renderSignedIn(<NotificationBell />, { path: '/home', route: '*' });

/** The month the request asked for: 0 for the default window, 1 for the month before… */
function monthsBackOf(query: URLSearchParams): number {
  const to = Date.parse(query.get('created_date[le]') ?? '');
  const now = Date.now();
  return to > now ? 0 : Math.round((now - to) / (30 * 24 * 60 * MINUTE));
}

describe('message dates', () => {
  it('are relative under 24 hours and YYYY/MM/DD HH:mm after', () => {
    const now = Date.parse('2026-11-24T12:00:00.000Z');
    expect(formatMessageDate('2026-11-24T11:55:00.000Z', now)).toBe('acum 5 minute');
    expect(formatMessageDate('2026-11-24T09:00:00.000Z', now)).toBe('acum 3 ore');
    expect(formatMessageDate('2026-11-24T11:59:40.000Z', now)).toBe('acum');
    const old = '2026-11-20T08:07:00.000Z';
    const local = new Date(old);
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(formatMessageDate(old, now)).toBe(
      `${local.getFullYear()}/${pad(local.getMonth() + 1)}/${pad(local.getDate())} ${pad(local.getHours())}:${pad(local.getMinutes())}`,
    );
  });

  it('windows: one month ago → tomorrow, then month by month back', () => {
    const now = new Date('2026-11-24T12:00:00.000Z');
    const first = messageWindow(0, now);
    expect(first.to.toISOString()).toBe('2026-11-25T12:00:00.000Z');
    expect(first.from.getMonth()).toBe(9);
    const second = messageWindow(1, now);
    expect(second.to.getTime()).toBe(first.from.getTime());
    expect(second.from.getMonth()).toBe(8);
  });
});

describe('the notification bell', { timeout: UI_TEST_TIMEOUT }, () => {
  it('lights the dot for an unread message younger than 30 minutes and puts it out by itself', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    server.use(
      http.get('/api/user-messages', () =>
        HttpResponse.json({
          data: [
            buildUserMessage({ id: 2, created_date: new Date(Date.now() - 29 * MINUTE).toISOString() }),
            buildUserMessage({ id: 1, created_date: new Date(Date.now() - 2 * MINUTE).toISOString(), has_been_read: true }),
          ],
        }),
      ),
    );
    renderBell();
    await waitFor(() => expect(bell()).toHaveAttribute('data-unread', 'true'));
    expect(bell()).toHaveAccessibleName('Notificări – aveți notificări necitite');
    await act(async () => {
      vi.advanceTimersByTime(MINUTE + 1000);
    });
    await waitFor(() => expect(bell()).not.toHaveAttribute('data-unread'));
    expect(bell()).toHaveAccessibleName('Notificări');
  });

  it('keeps the dot off for read messages and for unread ones older than 30 minutes', async () => {
    server.use(
      http.get('/api/user-messages', () =>
        HttpResponse.json({
          data: [
            buildUserMessage({ id: 2, created_date: new Date(Date.now() - 31 * MINUTE).toISOString() }),
            buildUserMessage({ id: 1, created_date: new Date().toISOString(), has_been_read: true }),
          ],
        }),
      ),
    );
    renderBell();
    await waitFor(async () => expect(await sentRequests({ path: '/api/user-messages' })).toHaveLength(1));
    expect(bell()).not.toHaveAttribute('data-unread');
    const [call] = await sentRequests({ path: '/api/user-messages' });
    expect(call.query.get('sortKey')).toBe('-created_date');
    expect(call.query.get('limit')).toBe('100');
    expect(monthsBackOf(call.query)).toBe(0);
  });

  it('lists the messages with number, date and an unread mark; opening marks read first, then navigates', async () => {
    const order: string[] = [];
    server.use(
      http.get('/api/user-messages', () =>
        HttpResponse.json({
          data: [
            buildUserMessage({
              id: 3,
              title: 'Clarificări solicitate',
              message:
                '<p>Cererea <strong>CJMS/1/2026</strong> a fost înregistrată. Detalii <a href="https://portal.example/a">aici</a>.</p>',
              created_date: new Date(Date.now() - 5 * MINUTE).toISOString(),
            }),
            buildUserMessage({
              id: 1,
              title: 'Sesizare rezolvată',
              message_source: 'complain',
              recipient_identification_id: 40,
              recipient_identification_number: 'S-40',
              created_date: '2026-01-05T08:07:00.000Z',
              has_been_read: true,
            }),
          ],
        }),
      ),
      http.patch('/api/user-messages/:id', async ({ params }) => {
        await new Promise((resolve) => setTimeout(resolve, 30));
        order.push(`patch ${params.id}`);
        return HttpResponse.json({ data: buildUserMessage({ id: 3, has_been_read: true }) });
      }),
    );
    const { user } = renderBell();
    await user.click(bell());
    const list = await screen.findByRole('list', { name: 'Lista notificărilor' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const unread = within(items[0] as HTMLElement).getByRole('button', { name: 'Clarificări solicitate (necitită)' });
    expect(unread.textContent).toContain('Necitită');
    expect(unread.textContent).toContain('CJMS/1/2026');
    expect(unread.textContent).toContain('acum 5 minute');
    expect(unread.textContent).toContain('Cererea CJMS/1/2026 a fost înregistrată. Detalii aici.');
    // No link inside the item's button (a control inside a control).
    expect(within(unread).queryByRole('link')).not.toBeInTheDocument();
    expect(unread.querySelector('strong')).toHaveTextContent('CJMS/1/2026');
    const read = within(items[1] as HTMLElement).getByRole('button', { name: 'Sesizare rezolvată' });
    expect(read.textContent).not.toContain('Necitită');
    expect(read.textContent).toMatch(/2026\/01\/05 \d\d:\d\d/);

    const location = screen.getByTestId('location');
    const observer = new MutationObserver(() => order.push(`navigate ${location.textContent}`));
    observer.observe(location, { childList: true, characterData: true, subtree: true });
    await user.click(unread);
    await waitFor(() => expect(location).toHaveTextContent('/application/12'));
    observer.disconnect();
    expect(order).toEqual(['patch 3', 'navigate /application/12']);
    const [patch] = await sentRequests({ method: 'PATCH', path: '/api/user-messages/3' });
    expect(patch.body).toEqual({ has_been_read: true });
    expect(patch.headers.get('content-type')).toBe('application/merge-patch+json');

    // A read complaint message goes to the complaint without a PATCH.
    await user.click(bell());
    await user.click(await screen.findByRole('button', { name: 'Sesizare rezolvată' }));
    await waitFor(() => expect(location).toHaveTextContent('/complain/40'));
    expect(await sentRequests({ method: 'PATCH' })).toHaveLength(1);
  });

  it('loads the previous month at the end of the list and returns to the default window when closed', async () => {
    server.use(
      http.get('/api/user-messages', ({ request }) => {
        const back = monthsBackOf(new URL(request.url).searchParams);
        if (back === 0)
          return HttpResponse.json({ data: [buildUserMessage({ id: 10, title: 'Mesaj recent', has_been_read: true })] });
        return HttpResponse.json({
          data: [
            buildUserMessage({
              id: 20 + back,
              title: `Mesaj de acum ${back + 1} luni`,
              created_date: new Date(Date.now() - (back + 0.5) * 30 * 24 * 60 * MINUTE).toISOString(),
              has_been_read: true,
            }),
          ],
        });
      }),
    );
    const { user } = renderBell();
    await user.click(bell());
    await screen.findByRole('button', { name: 'Mesaj recent' });
    const scroller = screen.getByTestId('notification-scroller');
    Object.defineProperty(scroller, 'scrollHeight', { configurable: true, value: 800 });
    Object.defineProperty(scroller, 'clientHeight', { configurable: true, value: 384 });
    scroller.scrollTop = 420;
    fireEvent.scroll(scroller);
    expect(await screen.findByRole('button', { name: 'Mesaj de acum 2 luni' })).toBeInTheDocument();
    const months = (await sentRequests({ path: '/api/user-messages' })).map((call) => monthsBackOf(call.query));
    expect(months).toEqual([0, 1]);

    // Closing (Escape) and opening again: only the default window.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Lista notificărilor' })).not.toBeInTheDocument());
    await user.click(bell());
    await screen.findByRole('button', { name: 'Mesaj recent' });
    expect(screen.queryByRole('button', { name: 'Mesaj de acum 2 luni' })).not.toBeInTheDocument();
    const after = (await sentRequests({ path: '/api/user-messages' })).map((call) => monthsBackOf(call.query));
    expect(after.slice(2).every((back) => back === 0)).toBe(true);
  });

  it('shows the empty and error states', async () => {
    server.use(http.get('/api/user-messages', () => HttpResponse.json({ message: 'INTERNAL_ERROR' }, { status: 500 })));
    const { user } = renderBell();
    await user.click(bell());
    expect(await screen.findByText('Notificările nu au putut fi încărcate.')).toBeInTheDocument();
    server.use(http.get('/api/user-messages', () => HttpResponse.json({ data: [] })));
    await user.click(screen.getByRole('button', { name: 'Reîncercați' }));
    expect(await screen.findByText('Nu aveți notificări în această perioadă.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Setări notificări' })).toHaveAttribute('href', '/notifications');
  });

  it('prepends a message that arrives on the stream and lights the dot without a reload', async () => {
    server.use(
      http.get('/api/user-messages', () =>
        HttpResponse.json({ data: [buildUserMessage({ id: 1, title: 'Mesaj vechi', has_been_read: true })] }),
      ),
    );
    let calls = 0;
    const streamed = buildUserMessage({ id: 99, title: 'Cerere depusă', created_date: new Date().toISOString() });
    server.use(
      http.get('/api/user-messages/stream', ({ request }) => {
        calls += 1;
        expect(request.headers.get('accept')).toBe('text/event-stream');
        if (calls > 1) return new HttpResponse(null, { status: 204 });
        const encoder = new TextEncoder();
        const body = new ReadableStream({
          start(controller) {
            controller.enqueue(encoder.encode(': conectat\n\n'));
            setTimeout(() => {
              controller.enqueue(encoder.encode(`event: message\ndata: ${JSON.stringify(streamed)}\n\n`));
            }, 50);
          },
        });
        return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } });
      }),
    );
    const { user } = renderBell();
    await waitFor(() => expect(bell()).toHaveAttribute('data-unread', 'true'));
    await user.click(bell());
    const list = await screen.findByRole('list', { name: 'Lista notificărilor' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Cerere depusă');
    expect(items[1]).toHaveTextContent('Mesaj vechi');
  });

  it('reconnects after a dropped stream, resumes after the last event and reads the window again', async () => {
    const lastEventIds: (string | null)[] = [];
    server.use(
      http.get('/api/user-messages/stream', ({ request }) => {
        lastEventIds.push(request.headers.get('last-event-id'));
        if (lastEventIds.length > 1)
          // The server is back: the stream stays open.
          return new HttpResponse(new ReadableStream({ start: () => {} }), { headers: { 'content-type': 'text/event-stream' } });
        const message = buildUserMessage({ id: 41, title: 'Plată reușită', has_been_read: true });
        // One event, then the connection ends (a server restart).
        return new HttpResponse(`id: 41\nevent: message\ndata: ${JSON.stringify(message)}\n\n`, {
          headers: { 'content-type': 'text/event-stream' },
        });
      }),
    );
    renderBell();
    await waitFor(() => expect(lastEventIds).toHaveLength(2), { timeout: 8000 });
    expect(lastEventIds).toEqual([null, '41']);
    await waitFor(async () => expect(await sentRequests({ path: '/api/user-messages' })).toHaveLength(2));
  });
});
