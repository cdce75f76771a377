import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/test-utils';
import { i18n } from '../../../lib/i18n';
import { loadAllTexts } from '../../../lib/testing/render-app';
import { emptyStep } from '../step-model';
import { GisDialog } from './gis-dialog';

beforeAll(async () => {
  await loadAllTexts();
  await i18n.loadNamespaces(['processes']);
});

describe('the GIS-intersection dialog of a step', () => {
  it('asks for the manual value only for a manual completion and applies the settings', async () => {
    const onApply = vi.fn();
    const { user } = renderWithProviders(
      <GisDialog opened onClose={() => {}} step={{ ...emptyStep('pas-1', 'Analiză') }} organisations={[]} onApply={onApply} />,
    );
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Adăugați o setare' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Strat/ }), 'PUG');
    await user.type(within(dialog).getByRole('textbox', { name: /Atribut GIS/ }), 'cod_utr');
    await user.type(within(dialog).getByRole('textbox', { name: /Denumirea metadatei/ }), 'utr');
    await user.click(within(dialog).getByRole('button', { name: 'Aplicați' }));
    await waitFor(() => expect(onApply).toHaveBeenCalled());
    expect(onApply.mock.calls[0][0]).toEqual([
      {
        organisation_id: null,
        layer: 'PUG',
        sublayer: null,
        gis_attribute: 'cod_utr',
        metadata_name: 'utr',
        intersection_type: 'total',
        completion_method: 'gis_value',
        manual_value: null,
      },
    ]);
  });
});
