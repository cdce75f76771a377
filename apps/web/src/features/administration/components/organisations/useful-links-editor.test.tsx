import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Blob as NodeBlob } from 'node:buffer';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppTestProviders, fakeSession } from '../../../../lib/testing/render-app';
import { loadAdministrationTexts } from '../../test-support';
import type { OrganisationRecord } from '../../api/organisations';
import { apiError, http, sentRequests, server } from '../../../../test/msw';
import { UsefulLinksEditor } from './useful-links-editor';

beforeAll(async () => {
  await loadAdministrationTexts();
  // The CSV travels as a Blob body. Node's fetch (under MSW) reads only its own Blob, not
  // jsdom's, as a browser's fetch reads the browser's: give the page Node's for this file.
  vi.stubGlobal('Blob', NodeBlob);
});
afterAll(() => {
  vi.unstubAllGlobals();
});

const record: OrganisationRecord = {
  id: 1,
  name: 'Consiliul Județean Mureș',
  description: null,
  status: 'active',
  type: 'county_council',
  county_id: 261,
  locality_id: null,
  uat_id: null,
  is_test: false,
  logo_file_id: null,
  external_link: null,
  citizen_dashboard_visible: true,
  payment_order_details: null,
  useful_links: [{ name: 'Legea 50/1991, republicată', link: 'https://legislatie.just.ro/Public/DetaliiDocument/1527' }],
  abilities: { canEdit: true, canEditJurisdiction: false, canDelete: false, canEditUsefulLinks: true, canWorkIn: false },
};

function setup(editable = true) {
  const user = userEvent.setup();
  render(
    <AppTestProviders session={fakeSession()}>
      <UsefulLinksEditor record={record} editable={editable} />
    </AppTestProviders>,
  );
  return { user, area: () => screen.getByRole('textbox', { name: 'Linkuri utile în format CSV' }) as HTMLTextAreaElement };
}

describe('useful links CSV editor', () => {
  it('starts from the stored links, quoted where needed, and saves only a changed text', async () => {
    const { user, area } = setup();
    expect(area().value).toBe('name,link\n"Legea 50/1991, republicată",https://legislatie.just.ro/Public/DetaliiDocument/1527');
    expect(screen.getByRole('link', { name: 'Legea 50/1991, republicată' })).toHaveAttribute('target', '_blank');
    const save = screen.getByRole('button', { name: 'Salvați linkurile' });
    expect(save).toBeDisabled();
    await user.type(area(), '\nGhid,https://exemplu.ro');
    expect(save).toBeEnabled();
  });

  it('shows UTILS_LINKS_CSV_PARSE_ERROR with the line, its content, and selects it', async () => {
    server.use(
      http.put('/api/organisations/:id/useful-links', () =>
        apiError(400, 'UTILS_LINKS_CSV_PARSE_ERROR', { line: 3, reason: 'link' }),
      ),
    );
    const { user, area } = setup();
    await user.clear(area());
    await user.type(area(), 'name,link\nGhid,https://exemplu.ro\nSite vechi,http://vechi.ro');
    await user.click(screen.getByRole('button', { name: 'Salvați linkurile' }));
    const alert = await screen.findByTestId('useful-links-error');
    expect(alert).toHaveTextContent(
      'Linia 3 a textului CSV nu este validă: linkul trebuie să fie o adresă validă care începe cu https://.',
    );
    expect(alert).toHaveTextContent('Conținutul liniei: Site vechi,http://vechi.ro');
    expect(area()).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() =>
      expect(area().value.slice(area().selectionStart, area().selectionEnd)).toBe('Site vechi,http://vechi.ro'),
    );
    // The CSV text itself is the body, sent as text/csv.
    const [put] = await sentRequests({ method: 'PUT' });
    expect(put.path).toBe('/api/organisations/1/useful-links');
    expect(put.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(put.body).toBe('name,link\nGhid,https://exemplu.ro\nSite vechi,http://vechi.ro');
    // Typing again clears the message.
    await user.type(area(), 's');
    expect(screen.queryByTestId('useful-links-error')).not.toBeInTheDocument();
  });

  it('only lists the links without the edit right', () => {
    setup(false);
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Legea 50/1991, republicată' })).toBeInTheDocument();
  });
});
