import { formatRon, parseLei } from '@ghiseu/domain';
import { escapeHtml, SANDBOX_CARDS } from '@ghiseu/domain';
import type { SandboxOrderRow } from './repository.js';

/**
 * The sandbox gateway's hosted card page: small, accessible, in Romanian (lang="ro", a label
 * for every field, the error announced with role="alert"). No script; the form posts back to
 * the same address.
 */

const STYLE = `body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#14213D}
label{display:block;margin-top:1rem;font-weight:600}input{width:100%;padding:.5rem;font-size:1rem;box-sizing:border-box}
.actions{margin-top:1.5rem;display:flex;gap:1rem}button{padding:.6rem 1.2rem;font-size:1rem}
.error{border:2px solid #B00020;padding:.75rem;color:#B00020}.note{color:#4A5568;font-size:.9rem}`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="ro"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

export function amountText(order: Pick<SandboxOrderRow, 'amount'>): string {
  return formatRon(parseLei(order.amount) ?? 0);
}

export interface CardFormValues {
  card_number?: string;
  expiry?: string;
  cardholder?: string;
}

/** The card form, with an error message after a refused submission. */
export function cardPage(order: SandboxOrderRow, options: { error?: string; values?: CardFormValues } = {}): string {
  const values = options.values ?? {};
  const error = options.error ? `<p class="error" role="alert" id="form-error">${escapeHtml(options.error)}</p>` : '';
  const describedBy = options.error ? ' aria-describedby="form-error"' : '';
  return page(
    'Plată cu cardul',
    `<h1>Plată cu cardul</h1>
<p>Comerciant: <strong>${escapeHtml(order.merchantUsername)}</strong></p>
<p>Descriere: ${escapeHtml(order.description)}</p>
<p>Suma de plată: <strong>${escapeHtml(amountText(order))}</strong></p>
${error}
<form method="post" action="/api/sandbox-gateway/pay/${escapeHtml(order.id)}"${describedBy}>
<label for="card_number">Numărul cardului</label>
<input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" required value="${escapeHtml(values.card_number ?? '')}">
<label for="expiry">Data expirării (LL/AA)</label>
<input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="LL/AA" required value="${escapeHtml(values.expiry ?? '')}">
<label for="cvv">Codul CVV</label>
<input id="cvv" name="cvv" inputmode="numeric" autocomplete="cc-csc" required>
<label for="cardholder">Numele de pe card</label>
<input id="cardholder" name="cardholder" autocomplete="cc-name" required value="${escapeHtml(values.cardholder ?? '')}">
<div class="actions">
<button type="submit" name="action" value="pay">Plătiți</button>
<button type="submit" name="action" value="cancel" formnovalidate>Renunțați</button>
</div>
</form>
<p class="note">Procesator de plăți de test. Card acceptat: ${SANDBOX_CARDS.success}; card refuzat: ${SANDBOX_CARDS.declined}.</p>`,
  );
}

/** An order that cannot be paid any more (paid, declined or expired). */
export function closedPage(order: SandboxOrderRow): string {
  const reason =
    order.status === 'successful'
      ? 'Această comandă a fost deja plătită.'
      : order.status === 'declined'
        ? 'Plata acestei comenzi a fost refuzată. Reveniți în portal pentru o nouă încercare.'
        : 'Timpul pentru plata acestei comenzi a expirat. Reveniți în portal pentru o nouă încercare.';
  return page(
    'Plată cu cardul',
    `<h1>Plată cu cardul</h1><p role="alert">${escapeHtml(reason)}</p>
<p><a href="${escapeHtml(order.returnUrl)}">Înapoi în portal</a></p>`,
  );
}

export function notFoundPage(): string {
  return page('Comandă inexistentă', '<h1>Comandă inexistentă</h1><p role="alert">Comanda de plată nu există.</p>');
}
