import type { ProseMirrorNode, SigningLayout } from '@ghiseu/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { applicationTypes, documentSeries, documentTemplates, organisations } from '../db/schema/index.js';
import type { Db } from '../platform/db.js';

/**
 * Demo document templates (issue 12): the county council's answer to a certificate of urbanism
 * and its rejection letter, with real Romanian text and placeholders, signed by the assignee
 * ("Întocmit", first) and the president (last, on the first row). They are attached (staff /
 * rejection) to the council's demo application types, which already number their acts from the
 * outgoing series "Registru ieșiri CJ Mureș" (with the rejected prefix RES-E), so staff@ can
 * generate a document on the approved demo applications right after `npm start`. Runs once
 * (seed run `demo-templates-v1`); adds no application.
 */

const COUNCIL = 'Consiliul Județean Mureș';
const TYPE_NAMES = ['Certificat de urbanism', 'Autorizație de construire', 'Autorizație de desființare', 'Aviz'];
const OUTGOING_SERIES = 'Registru ieșiri CJ Mureș';

const text = (value: string, marks?: ('bold' | 'italic' | 'underline')[]): ProseMirrorNode => ({
  type: 'text',
  text: value,
  ...(marks ? { marks: marks.map((type) => ({ type })) } : {}),
});
const ph = (key: string): ProseMirrorNode => ({ type: 'placeholder', attrs: { key } });
const p = (...content: ProseMirrorNode[]): ProseMirrorNode => ({ type: 'paragraph', content });
const centered = (...content: ProseMirrorNode[]): ProseMirrorNode => ({
  type: 'paragraph',
  attrs: { textAlign: 'center' },
  content,
});
const heading = (level: 1 | 2 | 3, value: string): ProseMirrorNode => ({
  type: 'heading',
  attrs: { level, textAlign: 'center' },
  content: [text(value)],
});
const list = (...items: ProseMirrorNode[][]): ProseMirrorNode => ({
  type: 'orderedList',
  content: items.map((content) => ({ type: 'listItem', content: [p(...content)] })),
});
const cell = (kind: 'tableHeader' | 'tableCell', ...content: ProseMirrorNode[]): ProseMirrorNode => ({
  type: kind,
  content: [p(...content)],
});

const CERTIFICATE: ProseMirrorNode = {
  type: 'doc',
  content: [
    heading(1, 'CERTIFICAT DE URBANISM'),
    centered(text('Nr. '), ph('document.output_number'), text(' din '), ph('document.output_date')),
    p(
      text('În scopul: '),
      ph('application.purpose'),
      text('. Ca urmare a cererii adresate de '),
      ph('applicant.name'),
      text(', înregistrată la nr. '),
      ph('application.entry_number'),
      text(' din '),
      ph('application.entry_date'),
      text(', pentru imobilul situat în '),
      ph('real_estate.uat'),
      text(', identificat prin nr. cadastral '),
      ph('real_estate.cadastral_number'),
      text(','),
    ),
    p(
      text('în temeiul reglementărilor documentației de urbanism aprobate și în conformitate cu prevederile '),
      text('Legii nr. 50/1991', ['italic']),
      text(' privind autorizarea executării lucrărilor de construcții, republicată, cu modificările și completările ulterioare,'),
    ),
    centered(text('SE CERTIFICĂ:', ['bold'])),
    list(
      [text('Regimul juridic: ', ['bold']), text('imobilul se află în intravilanul localității; proprietate privată.')],
      [
        text('Regimul economic: ', ['bold']),
        text('folosința actuală — teren; destinația stabilită prin PUG — zonă de locuințe.'),
      ],
      [text('Regimul tehnic: ', ['bold']), ph('form_staff.observatii')],
    ),
    {
      type: 'table',
      content: [
        {
          type: 'tableRow',
          content: [cell('tableHeader', text('Indicator')), cell('tableHeader', text('Valoare maximă admisă'))],
        },
        { type: 'tableRow', content: [cell('tableCell', text('POT')), cell('tableCell', text('35%'))] },
        { type: 'tableRow', content: [cell('tableCell', text('CUT')), cell('tableCell', text('1,2'))] },
      ],
    },
    p(
      text('Prezentul certificat de urbanism poate fi utilizat în scopul declarat pentru '),
      text('obținerea autorizației de construire', ['bold']),
      text(' și este valabil 24 de luni de la data emiterii.'),
    ),
  ],
};

const REJECTION: ProseMirrorNode = {
  type: 'doc',
  content: [
    heading(2, 'Răspuns la cererea dumneavoastră'),
    p(text('Stimate/Stimată '), ph('applicant.name'), text(',')),
    p(
      text('Referitor la cererea înregistrată la nr. '),
      ph('application.entry_number'),
      text(' din '),
      ph('application.entry_date'),
      text(', privind '),
      ph('application.type_name'),
      text(', vă comunicăm că aceasta '),
      text('nu poate fi soluționată favorabil', ['bold']),
      text(', pentru următorul motiv:'),
    ),
    { type: 'blockquote', content: [p(ph('application.rejected_reason'))] },
    p(
      text('Puteți depune o nouă cerere, însoțită de documentele lipsă. Împotriva prezentului răspuns puteți formula '),
      text('plângere prealabilă', ['italic']),
      text(' în termen de 30 de zile, conform Legii contenciosului administrativ nr. 554/2004.'),
    ),
    p(text('Cu stimă,')),
  ],
};

const LAYOUT: SigningLayout = {
  rows: [
    [{ index: 2, label: 'Președinte', signer: 'president', functionId: null, functionKey: null, visa: null }],
    [{ index: 1, label: 'Întocmit', signer: 'assignee', functionId: null, functionKey: null, visa: null }],
  ],
};

const TEMPLATES = [
  {
    role: 'staff',
    name: 'Certificat de urbanism — răspuns',
    description: 'Certificatul de urbanism emis de Consiliul Județean Mureș (Legea 50/1991)',
    systemType: 'certificat_urbanism',
    content: CERTIFICATE,
  },
  {
    role: 'rejection',
    name: 'Răspuns de respingere',
    description: 'Scrisoarea de respingere a unei cereri, cu motivul și calea de atac',
    systemType: 'raspuns_respingere',
    content: REJECTION,
  },
] as const;

export async function seedDemoTemplates(tx: Db): Promise<Record<string, number>> {
  const [council] = await tx.select({ id: organisations.id }).from(organisations).where(eq(organisations.name, COUNCIL));
  if (!council) return { templates: 0 };
  const ids: Record<string, number> = {};
  let created = 0;
  for (const template of TEMPLATES) {
    const [existing] = await tx
      .select({ id: documentTemplates.id })
      .from(documentTemplates)
      .where(and(eq(documentTemplates.organisationId, council.id), eq(documentTemplates.name, template.name)));
    if (existing) {
      ids[template.role] = existing.id;
      continue;
    }
    const [row] = await tx
      .insert(documentTemplates)
      .values({
        organisationId: council.id,
        name: template.name,
        description: template.description,
        status: 'active',
        systemType: template.systemType,
        content: template.content as unknown as Record<string, unknown>,
        signingLayout: LAYOUT,
      })
      .returning({ id: documentTemplates.id });
    ids[template.role] = row.id;
    created++;
  }
  const types = await tx
    .select({ id: applicationTypes.id, templateIds: applicationTypes.documentTemplateIds })
    .from(applicationTypes)
    .where(and(eq(applicationTypes.organisationId, council.id), inArray(applicationTypes.name, TYPE_NAMES)));
  for (const type of types)
    await tx
      .update(applicationTypes)
      .set({ documentTemplateIds: { ...type.templateIds, staff: ids.staff, rejection: ids.rejection } })
      .where(eq(applicationTypes.id, type.id));
  // The outgoing series numbers rejections too: make sure it has its rejected prefix.
  await tx
    .update(documentSeries)
    .set({ rejectedPrefix: 'RES-E' })
    .where(
      and(
        eq(documentSeries.organisationId, council.id),
        eq(documentSeries.name, OUTGOING_SERIES),
        eq(documentSeries.rejectedPrefix, ''),
      ),
    );
  return { templates: created, applicationTypes: types.length };
}
