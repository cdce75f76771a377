import { notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { envelope, http, sentRequests, server } from '../../../test/msw';
import { buildStart, loadSigningTexts, REQUEST_ID, renderSigning } from '../test-support';
import { useState } from 'react';
import { type BulkOutcome, BulkResultDialog, BulkSign, type BulkSignRow, bulkOutcome } from './bulk-sign';

/** BulkSign with its owner's result dialog, as the work lists hold it. */
function WithResult({ selected }: { selected: readonly BulkSignRow[] }) {
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);
  return (
    <>
      <BulkSign selected={selected} overLimit={false} onDone={() => {}} onOutcome={setOutcome} />
      <BulkResultDialog outcome={outcome} onClose={() => setOutcome(null)} />
    </>
  );
}

const ROWS: BulkSignRow[] = [
  { id: 1, identification_number: 'CJMS/1/2026', application_type_name: 'Certificat de urbanism' },
  { id: 2, identification_number: 'CJMS/2/2026', application_type_name: 'Certificat de urbanism' },
  { id: 3, identification_number: 'CJMS/3/2026', application_type_name: 'Aviz' },
];

const item = (id: number, ok: boolean, code: string | null = null) => ({
  application_id: id,
  file_id: null,
  ok,
  code,
  message: null,
});

beforeAll(() => loadSigningTexts());
beforeEach(() => notifications.clean());

describe('bulk signing on a work list', () => {
  it('asks once, signs with one code, and names the application that failed', async () => {
    server.use(
      http.post('/api/staff-applications/bulk-sign', () =>
        envelope({ ...buildStart(), items: [item(1, true), item(2, true), item(3, true)] }),
      ),
      http.post('/api/staff-applications/check-bulk-signing-status', () =>
        envelope({
          items: ROWS.map((row) => ({
            application_id: row.id,
            application_status: 'SIGN_PENDING',
            document_state: 'signing',
            can_sign: true,
            code: null,
          })),
        }),
      ),
      http.post('/api/staff-applications/confirm-bulk-signing', () =>
        envelope({
          success: false,
          request_id: REQUEST_ID,
          code: 'SIGNING_BULK_PARTIAL_FAILURE',
          message: null,
          attempts_left: null,
          items: [item(1, true), item(2, false, 'SIGNING_NOT_NEXT_SIGNER'), item(3, true)],
          failed: [2],
        }),
      ),
    );
    const { user } = renderSigning(<WithResult selected={ROWS} />);
    await user.click(screen.getByRole('button', { name: 'Semnați în lot (3)' }));
    const question = await screen.findByRole('dialog', { name: 'Semnați în lot?' });
    expect(within(question).getByText(/celor 3 cereri alese cu un singur cod/)).toBeInTheDocument();
    await user.click(within(question).getByRole('button', { name: 'Da, semnez' }));
    const dialog = await screen.findByRole('dialog', { name: 'Semnare în lot: 3 cereri' });
    await user.click(within(dialog).getByTestId('bulk-signing-dialog-start'));
    await user.type(await within(dialog).findByTestId('bulk-signing-dialog-code'), '123456');
    await user.click(within(dialog).getByTestId('bulk-signing-dialog-confirm'));
    const result = await screen.findByRole('dialog', { name: 'Rezultatul semnării în lot' });
    expect(within(result).getByText('2 documente au fost semnate.')).toBeInTheDocument();
    expect(within(result).getByText('O cerere nu a putut fi semnată')).toBeInTheDocument();
    expect(within(result).getByTestId('bulk-failed')).toHaveTextContent(
      'CJMS/2/2026: Nu sunteți următorul semnatar al acestui document.',
    );
    expect((await sentRequests({ path: '/api/staff-applications/bulk-sign' }))[0].body).toEqual({
      application_ids: [1, 2, 3],
      custom_image_id: null,
    });
    expect((await sentRequests({ path: '/api/staff-applications/confirm-bulk-signing' }))[0].body).toEqual({
      pin: '123456',
      request_id: REQUEST_ID,
    });
  });

  it('says a wrong code is wrong instead of showing a result', async () => {
    server.use(
      http.post('/api/staff-applications/bulk-sign', () => envelope({ ...buildStart(), items: [item(1, true)] })),
      http.post('/api/staff-applications/check-bulk-signing-status', () => envelope({ items: [] })),
      http.post('/api/staff-applications/confirm-bulk-signing', () =>
        envelope({
          success: false,
          request_id: REQUEST_ID,
          code: 'SIGNING_CODE_INVALID',
          message: null,
          attempts_left: 1,
          items: [],
          failed: [],
        }),
      ),
    );
    const { user } = renderSigning(<WithResult selected={ROWS.slice(0, 1)} />);
    await user.click(screen.getByRole('button', { name: 'Semnați în lot (1)' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Da, semnez' }));
    const dialog = await screen.findByRole('dialog', { name: 'Semnare în lot: o cerere' });
    await user.click(within(dialog).getByTestId('bulk-signing-dialog-start'));
    await user.type(await within(dialog).findByTestId('bulk-signing-dialog-code'), '000000');
    await user.click(within(dialog).getByTestId('bulk-signing-dialog-confirm'));
    expect(await within(dialog).findByText('Codul de semnare nu este corect. Mai aveți 1 încercări.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Rezultatul semnării în lot' })).not.toBeInTheDocument();
  });

  it('cannot start over the limit or with nothing chosen', () => {
    renderSigning(<WithResult selected={[]} />);
    expect(screen.getByTestId('bulk-sign')).toBeDisabled();
  });
});

describe('bulkOutcome', () => {
  it('joins the items refused at the start with the failures of the confirmation', () => {
    const outcome = bulkOutcome(ROWS, [item(3, false, 'EMPTY_TARGET_FILES')], [item(1, true), item(2, true)]);
    expect(outcome.signed).toBe(2);
    expect(outcome.failed).toEqual([
      { id: 3, label: 'CJMS/3/2026', reason: 'Nu există un document generat; documentul nu poate fi semnat.' },
    ]);
  });
});
