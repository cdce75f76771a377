import { screen } from '@testing-library/react';
import axe from 'axe-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { envelope, http, server } from '../../../test/msw';
import { buildPanel, buildStart, loadSigningTexts, renderSigning } from '../test-support';
import { DocumentPanel } from './document-panel';
import { SigningDialog } from './signing-dialog';
import { staffSigningFlow } from '../api/signing';

/** axe on the rendered page (colour contrast needs real layout: the e2e suite checks it). */
async function violations(): Promise<string[]> {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  return result.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

beforeAll(() => loadSigningTexts());

describe('signing screens and axe', () => {
  it('axe does see a violation here (the check is not blind in jsdom)', async () => {
    renderSigning(<button type="button" />);
    expect((await violations()).some((line) => line.startsWith('button-name'))).toBe(true);
  });

  it('the document panel with its cells and commands has no violation', async () => {
    server.use(http.get('/api/staff-applications/7/document', () => envelope(buildPanel({ state: 'generating', progress: 40 }))));
    server.use(
      http.get('/api/applications/7/check-generation-status', () =>
        envelope({ state: 'generating', progress: 40, error_code: null, document: buildPanel().document }),
      ),
    );
    renderSigning(
      <DocumentPanel
        application={{
          id: 7,
          status: 'GENERATED',
          identification_number: 'CJMS/7/2026',
          abilities: { canGenerateDocument: false, canReturnDocument: true, canSign: true, canSeal: false },
        }}
      />,
    );
    await screen.findByTestId('document-cells');
    expect(await violations()).toEqual([]);
  });

  it('the signing dialog asking for the code has no violation', async () => {
    server.use(http.put('/api/staff-applications/7/approve/sign', () => envelope(buildStart())));
    renderSigning(
      <SigningDialog
        opened
        onClose={() => {}}
        title="Semnați documentul"
        flow={staffSigningFlow(7, 'approve')}
        audience="staff"
        successMessage="Semnat."
      />,
    );
    await screen.findByTestId('signing-dialog-code');
    expect(await violations()).toEqual([]);
  });
});
