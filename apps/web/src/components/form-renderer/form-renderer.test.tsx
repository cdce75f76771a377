import { type FormField, FORM_MESSAGES, ZFormDefinition } from '@ghiseu/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { loadAllTexts } from '../../lib/testing/render-app';
import { http, listEnvelope, sentRequests, server } from '../../test/msw';
import { renderWithProviders } from '../test-utils';
import { FormRenderer, withoutEmptySections } from './form-renderer';
import { type FormErrors, type FormValues, validateAnswers, withComputedValues } from './form-values';

const definition = ZFormDefinition.parse({
  fields: [
    { key: 'titlu', type: 'section_title', label: 'Date generale' },
    { key: 'scop', type: 'text', label: 'Scopul lucrării', required: true },
    {
      key: 'tip',
      type: 'radio',
      label: 'Tip lucrare',
      options: [
        { value: 'noua', label: 'Construcție nouă' },
        { value: 'extindere', label: 'Extindere' },
      ],
    },
    { key: 'motiv', type: 'textarea', label: 'Motivul extinderii', visibleWhen: { field: 'tip', equals: 'extindere' } },
    { key: 'lungime', type: 'decimal', label: 'Lungime' },
    { key: 'latime', type: 'decimal', label: 'Lățime' },
    { key: 'arie', type: 'computed', label: 'Arie', operation: 'product', operands: ['lungime', 'latime'], unit: 'mp' },
    {
      key: 'corpuri',
      type: 'repeatable_group',
      label: 'Corpuri de clădire',
      itemLabel: 'Corp',
      fields: [{ key: 'denumire_corp', type: 'text', label: 'Denumire corp', required: true }],
    },
    { key: 'beneficiari', type: 'beneficiaries', label: 'Beneficiari', required: true },
    { key: 'plan', type: 'attachments', label: 'Plan de situație', documentType: 'Plan de situație', minFiles: 1 },
  ],
}).fields as FormField[];

const addressDefinition = ZFormDefinition.parse({
  fields: [{ key: 'adresa', type: 'address', label: 'Adresa imobilului', required: true }],
}).fields as FormField[];

function Harness({ errors = {}, fields = definition }: { errors?: FormErrors; fields?: FormField[] }) {
  const [values, setValues] = useState<FormValues>({});
  return (
    <>
      <FormRenderer fields={fields} values={values} onChange={setValues} errors={errors} />
      <output data-testid="values">{JSON.stringify(values)}</output>
    </>
  );
}

function renderHarness(errors?: FormErrors, fields?: FormField[]) {
  return renderWithProviders(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <Harness errors={errors} fields={fields} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

beforeAll(async () => {
  await loadAllTexts();
  await i18n.loadNamespaces('form-renderer');
});

describe('FormRenderer', () => {
  it('renders the fields with labels, section titles and marker notes', () => {
    renderHarness();
    expect(screen.getByRole('heading', { name: 'Date generale' })).toBeTruthy();
    expect(screen.getByLabelText(/Scopul lucrării/)).toBeTruthy();
    expect(screen.getByText('Beneficiarii se adaugă la pasul „Beneficiari”.')).toBeTruthy();
    expect(screen.getByText(/se încarcă la pasul „Documente”/)).toBeTruthy();
  });

  it('shows a field only when its visibility condition holds', async () => {
    const { user } = renderHarness();
    expect(screen.queryByLabelText('Motivul extinderii')).toBeNull();
    await user.click(screen.getByLabelText('Extindere'));
    expect(screen.getByLabelText('Motivul extinderii')).toBeTruthy();
  });

  it('adds and removes items of a repeatable group', async () => {
    const { user } = renderHarness();
    await user.click(screen.getByRole('button', { name: 'Adăugați Corp' }));
    expect(screen.getByRole('group', { name: 'Corp 1' })).toBeTruthy();
    await user.type(screen.getByLabelText(/Denumire corp/), 'C1');
    expect(screen.getByTestId('values').textContent).toContain('"denumire_corp":"C1"');
    await user.click(screen.getByRole('button', { name: 'Eliminați Corp 1' }));
    expect(screen.queryByRole('group', { name: 'Corp 1' })).toBeNull();
  });

  it('computes a computed field live', () => {
    renderHarness();
    fireEvent.change(screen.getByLabelText('Lungime'), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText('Lățime'), { target: { value: '2,5' } });
    expect((screen.getByTestId('computed-arie') as HTMLInputElement).value).toBe('25 mp');
  });

  it('shows errors by path', () => {
    renderHarness({ scop: FORM_MESSAGES.requiredFields });
    expect(screen.getByText(FORM_MESSAGES.requiredFields)).toBeTruthy();
  });
});

describe('address field', () => {
  it('reads the localities of the county chosen and the villages of the locality chosen', async () => {
    server.use(
      http.get('/api/counties', () => listEnvelope([{ id: 26, name: 'Mureș' }])),
      http.get('/api/localities', () => listEnvelope([{ id: 114319, name: 'Târgu Mureș' }])),
      http.get('/api/villages', () => listEnvelope([{ id: 114328, name: 'Remetea' }])),
    );
    const { user } = renderHarness({}, addressDefinition);
    await user.click(screen.getByRole('combobox', { name: /^Județ/ }));
    await user.click(await screen.findByRole('option', { name: 'Mureș' }));
    await user.click(screen.getByRole('combobox', { name: /^Localitate/ }));
    await user.click(await screen.findByRole('option', { name: 'Târgu Mureș' }));
    await user.click(screen.getByRole('combobox', { name: /^Sat/ }));
    await user.click(await screen.findByRole('option', { name: 'Remetea' }));
    await waitFor(() =>
      expect(JSON.parse(screen.getByTestId('values').textContent ?? '{}').adresa).toMatchObject({
        county_id: 26,
        locality_id: 114319,
        village_id: 114328,
      }),
    );
    const asked = async (path: string) =>
      (await sentRequests({ method: 'GET', path })).map((r) => Object.fromEntries(r.query.entries()));
    expect(await asked('/api/counties')).toEqual([{ limit: '100' }]);
    expect(await asked('/api/localities')).toEqual([{ limit: '500', parent_id: '26' }]);
    expect(await asked('/api/villages')).toEqual([{ limit: '500', parent_id: '114319' }]);
  });
});

describe('read-only view', () => {
  it('drops the markers, attachments and the sections they leave empty', () => {
    const kept = withoutEmptySections(definition).map((field) => field.key);
    expect(kept).toContain('titlu');
    expect(kept).not.toContain('beneficiari');
    expect(kept).not.toContain('plan');
  });
});

describe('form values', () => {
  it('validates required fields and attachments like the server', () => {
    const errors = validateAnswers(definition, {});
    expect(errors.scop).toBe(FORM_MESSAGES.requiredFields);
    expect(errors.plan).toBeTruthy();
    expect(validateAnswers(definition, { scop: 'Casă' }, { plan: [7] })).toEqual({});
  });

  it('recomputes computed values', () => {
    expect(withComputedValues(definition, { lungime: 4, latime: 3 }).arie).toBe(12);
  });
});
