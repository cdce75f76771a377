/** Small, well-formed files for the upload steps of the journeys (the portal checks content). */

/** A 1×1 PNG (logos, seals, ID documents). */
export const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A tiny but well-formed PDF, optionally titled (so two uploads differ in content). */
export function pdf(title?: string): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R${title === undefined ? '' : `/Title(${title})`}>>\n%%EOF\n`,
  );
}
