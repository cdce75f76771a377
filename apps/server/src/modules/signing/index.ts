/**
 * The signing module's public face: the built-in certification authority and PAdES signer
 * (`signingProvider`), the verifier of signed PDFs (`verifyPdf`), the root certificate (its
 * public routes `/api/pki/root.crt` and `/api/tsa` are registered by app.ts from routes.ts). A qualified provider (CSC API) would plug in
 * as another `SigningProvider`. See docs/adr/0024-built-in-signing.md.
 */
export type {
  PdfVerification,
  SignatureBox,
  SignatureReport,
  SignerIdentity,
  SigningProvider,
  SignOptions,
  SignResult,
} from './types.js';
export { signingProvider } from './signer.js';
export { verifyPdf } from './verify.js';
export { rootCertificatePem } from './ca.js';
export { configureSigning } from './config.js';
