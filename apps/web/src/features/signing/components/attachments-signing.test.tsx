import { notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { envelope, http, sentRequests, server } from '../../../test/msw';
import { buildStart, loadSigningTexts, REQUEST_ID, renderSigning } from '../test-support';
import { type AttachmentFile, AttachmentsSigning } from './attachments-signing';

const FILES: AttachmentFile[] = [
  { id: 1, file_id: 11, name: 'plan.pdf', mime_type: 'application/pdf' },
  { id: 2, file_id: 12, name: 'memoriu.pdf', mime_type: 'application/pdf' },
  { id: 3, file_id: 13, name: 'poza.png', mime_type: 'image/png' },
];

const result = (items: { file_id: number; ok: boolean; code?: string }[]) => ({
  success: items.every((item) => item.ok),
  request_id: REQUEST_ID,
  code: items.every((item) => item.ok) ? null : 'SIGNING_BULK_PARTIAL_FAILURE',
  message: null,
  attempts_left: null,
  items: items.map((item) => ({ application_id: 7, file_id: item.file_id, ok: item.ok, code: item.code ?? null, message: null })),
  failed: items.filter((item) => !item.ok).map((item) => item.file_id),
});

beforeAll(() => loadSigningTexts());
beforeEach(() => notifications.clean());

describe('signing attachments on the files tab', () => {
  it('signs only the chosen PDFs with one code and names a file that failed', async () => {
    server.use(
      http.post('/api/staff-applications/attachments-bulk-sign', () => envelope(buildStart())),
      http.post('/api/staff-applications/confirm-attachments-bulk-signing', () =>
        envelope(
          result([
            { file_id: 11, ok: true },
            { file_id: 12, ok: false, code: 'PDF_IS_ENCRYPTED' },
          ]),
        ),
      ),
    );
    const { user } = renderSigning(<AttachmentsSigning applicationId={7} chosen={FILES} />);
    await user.click(screen.getByRole('button', { name: 'Semnați 2 atașamente PDF' }));
    const dialog = await screen.findByRole('dialog', { name: 'Semnați cele 2 atașamente PDF alese' });
    await user.click(within(dialog).getByTestId('attachments-signing-dialog-start'));
    await user.type(await within(dialog).findByTestId('attachments-signing-dialog-code'), '123456');
    await user.click(within(dialog).getByTestId('attachments-signing-dialog-confirm'));
    const outcome = await screen.findByRole('dialog', { name: 'Rezultatul semnării în lot' });
    expect(within(outcome).getByTestId('bulk-failed')).toHaveTextContent('memoriu.pdf');
    expect((await sentRequests({ path: '/api/staff-applications/attachments-bulk-sign' }))[0].body).toEqual({
      application_id: 7,
      file_ids: [11, 12],
      custom_image_id: null,
    });
    expect((await sentRequests({ path: '/api/staff-applications/confirm-attachments-bulk-signing' }))[0].body).toEqual({
      pin: '123456',
      application_id: 7,
      request_id: REQUEST_ID,
    });
  });

  it('seals the attachments after a question', async () => {
    server.use(
      http.post('/api/staff-applications/attachments-bulk-sealing', () =>
        envelope(
          result([
            { file_id: 11, ok: true },
            { file_id: 12, ok: true },
          ]),
        ),
      ),
    );
    const { user } = renderSigning(<AttachmentsSigning applicationId={7} chosen={[]} />);
    expect(screen.getByTestId('attachments-sign')).toBeDisabled();
    await user.click(screen.getByTestId('attachments-seal'));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Aplicați sigiliul instituției?' })).getByRole('button', {
        name: 'Da, aplic sigiliul',
      }),
    );
    expect(await screen.findByText('Sigiliul a fost aplicat pe 2 atașamente.')).toBeInTheDocument();
    expect((await sentRequests({ path: '/api/staff-applications/attachments-bulk-sealing' }))[0].body).toEqual({ id: 7 });
  });
});
