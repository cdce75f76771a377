import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test-utils';
import { REQUIRED_FIELDS_MESSAGE, Upload, type UploadedFile, type UploadFileFn, type UploadProps } from './upload';

const pdf = (name: string, size = 2048) => new File([new Uint8Array(size)], name, { type: 'application/pdf' });

function Harness({
  initial = [],
  onValue,
  ...props
}: Partial<UploadProps> & { initial?: UploadedFile[]; onValue?: (files: UploadedFile[]) => void }) {
  const [value, setValue] = useState<UploadedFile[]>(initial);
  return (
    <Upload
      label="Documentație"
      uploadFile={async () => ({ id: 1 })}
      {...props}
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue?.(next);
      }}
    />
  );
}

const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;
const choose = (...files: File[]) => fireEvent.change(fileInput(), { target: { files } });
const stored = (file_id: number, name: string, canBeDeleted = true): UploadedFile => ({
  file_id,
  name,
  type: 'application/pdf',
  size: 1024,
  canBeDeleted,
});

describe('Upload', () => {
  it('shows a progress bar per file while uploading, then lists the stored file', async () => {
    let report: (percent: number) => void = () => {};
    let finish: (value: { id: number }) => void = () => {};
    const uploadFile: UploadFileFn = (_file, onProgress) => {
      report = onProgress;
      return new Promise((resolve) => {
        finish = resolve;
      });
    };
    const onValue = vi.fn();
    renderWithProviders(<Harness uploadFile={uploadFile} onValue={onValue} />);
    choose(pdf('plan.pdf'));
    const bar = await screen.findByRole('progressbar', { name: 'Încărcare plan.pdf' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    act(() => report(40));
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    await act(async () => finish({ id: 77 }));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(onValue).toHaveBeenLastCalledWith([
      { file_id: 77, name: 'plan.pdf', type: 'application/pdf', size: 2048, qr: false, canBeDeleted: true },
    ]);
    expect(within(screen.getByRole('list', { name: 'Fișiere: Documentație' })).getByText('plan.pdf')).toBeInTheDocument();
  });

  it('uploads a duplicate under a numbered name', async () => {
    const uploadFile = vi.fn<UploadFileFn>(async () => ({ id: 2 }));
    renderWithProviders(<Harness uploadFile={uploadFile} initial={[stored(1, 'plan.pdf')]} />);
    choose(pdf('plan.pdf'));
    await waitFor(() => expect(uploadFile).toHaveBeenCalledOnce());
    expect(uploadFile.mock.calls[0][0].name).toBe('plan (1).pdf');
    // The stored row (the pending row with the same name is replaced by it when the transfer ends).
    expect(await screen.findByRole('button', { name: 'Ștergeți fișierul plan (1).pdf' })).toBeInTheDocument();
  });

  it('accepts a file without MIME type by its extension and refuses other types', async () => {
    const uploadFile = vi.fn<UploadFileFn>(async () => ({ id: 3 }));
    renderWithProviders(<Harness uploadFile={uploadFile} />);
    choose(new File(['x'], 'arhiva.zip', { type: '' }));
    await waitFor(() => expect(uploadFile).toHaveBeenCalledOnce());
    choose(new File(['x'], 'nota.txt', { type: 'text/plain' }));
    expect(screen.getByRole('alert')).toHaveTextContent('nota.txt: Tipul fișierului nu este permis.');
    expect(uploadFile).toHaveBeenCalledOnce();
  });

  it('refuses too many files, saying the maximum and how many remain', () => {
    const uploadFile = vi.fn<UploadFileFn>(async () => ({ id: 1 }));
    renderWithProviders(
      <Harness uploadFile={uploadFile} rules={{ maxFiles: 3 }} initial={[stored(1, 'a.pdf'), stored(2, 'b.pdf')]} />,
    );
    choose(pdf('c.pdf'), pdf('d.pdf'));
    expect(screen.getByRole('alert')).toHaveTextContent('Puteți încărca cel mult 3 fișiere (mai puteți adăuga 1).');
    expect(uploadFile).not.toHaveBeenCalled();
  });

  it('refuses files over the size limit and adds the general message for a mixed batch', () => {
    const uploadFile = vi.fn<UploadFileFn>(async () => ({ id: 1 }));
    renderWithProviders(<Harness uploadFile={uploadFile} rules={{ maxBytes: 1024 }} />);
    choose(pdf('mic.pdf', 100), pdf('mare.pdf', 2048));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Unele fișiere nu au putut fi adăugate.');
    expect(alert).toHaveTextContent('mare.pdf (2 KB): Fișierul depășește dimensiunea maximă permisă. Maximum 1 KB.');
    expect(uploadFile).toHaveBeenCalledOnce();
  });

  it('shows the required-field message only after the form was validated', () => {
    const { rerender } = renderWithProviders(
      <Upload label="Act" value={[]} onChange={() => {}} uploadFile={async () => ({ id: 1 })} required />,
    );
    expect(screen.queryByText(REQUIRED_FIELDS_MESSAGE)).not.toBeInTheDocument();
    rerender(<Upload label="Act" value={[]} onChange={() => {}} uploadFile={async () => ({ id: 1 })} required validated />);
    expect(screen.getByRole('alert')).toHaveTextContent('Vă rugăm să completați toate câmpurile obligatorii.');
    rerender(
      <Upload
        label="Act"
        value={[stored(1, 'act.pdf')]}
        onChange={() => {}}
        uploadFile={async () => ({ id: 1 })}
        required
        validated
      />,
    );
    expect(screen.queryByText(REQUIRED_FIELDS_MESSAGE)).not.toBeInTheDocument();
  });

  it('shows the required-field message when the validated field holds invalid files', () => {
    renderWithProviders(<Harness required validated initial={[stored(1, 'act.pdf')]} />);
    expect(screen.queryByText(REQUIRED_FIELDS_MESSAGE)).not.toBeInTheDocument();
    choose(new File(['x'], 'virus.exe', { type: 'application/x-msdownload' }));
    expect(screen.getByText(REQUIRED_FIELDS_MESSAGE)).toBeInTheDocument();
  });

  it('reports a failed transfer with the catalogue message', async () => {
    renderWithProviders(<Harness uploadFile={async () => Promise.reject(new Error('UPLOAD_TOKEN_INVALID'))} />);
    choose(pdf('plan.pdf'));
    expect(await screen.findByText('plan.pdf: Tokenul de încărcare nu este valid sau a expirat.')).toBeInTheDocument();
  });

  it('shows a message of the surrounding form once, even when it is the required-field message too', () => {
    renderWithProviders(<Harness required validated error={REQUIRED_FIELDS_MESSAGE} />);
    expect(screen.getAllByText(REQUIRED_FIELDS_MESSAGE)).toHaveLength(1);
  });

  it('shows a message of the surrounding form that is not its own', () => {
    renderWithProviders(<Harness error="Fișierul nu mai există." />);
    expect(screen.getByRole('alert')).toHaveTextContent('Fișierul nu mai există.');
  });

  it('drops the row and message of a failed transfer when new files are chosen', async () => {
    let attempt = 0;
    const uploadFile: UploadFileFn = async () => {
      attempt += 1;
      if (attempt === 1) throw new Error('UPLOAD_TOKEN_INVALID');
      return { id: 9 };
    };
    renderWithProviders(<Harness uploadFile={uploadFile} />);
    choose(pdf('plan.pdf'));
    expect(await screen.findByText('plan.pdf: Tokenul de încărcare nu este valid sau a expirat.')).toBeInTheDocument();
    expect(screen.getByText('eșuat')).toBeInTheDocument();
    choose(pdf('plan.pdf'));
    await screen.findByRole('button', { name: 'Ștergeți fișierul plan.pdf' });
    const list = screen.getByRole('list', { name: 'Fișiere: Documentație' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByText('plan.pdf')).toBeInTheDocument();
    expect(screen.queryByText('eșuat')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('removes one file', async () => {
    const onRemove = vi.fn();
    const { user } = renderWithProviders(<Harness initial={[stored(1, 'a.pdf')]} onRemove={onRemove} />);
    await user.click(screen.getByRole('button', { name: 'Ștergeți fișierul a.pdf' }));
    expect(screen.queryByText('a.pdf')).not.toBeInTheDocument();
    expect(onRemove).toHaveBeenCalledWith([stored(1, 'a.pdf')]);
  });

  it('offers delete-all only with more than one deletable file', () => {
    renderWithProviders(<Harness initial={[stored(1, 'a.pdf'), stored(2, 'generat.pdf', false)]} />);
    expect(screen.queryByRole('button', { name: 'Ștergeți toate fișierele' })).not.toBeInTheDocument();
  });

  it('delete-all asks for confirmation and keeps files that cannot be deleted', async () => {
    const { user } = renderWithProviders(
      <Harness initial={[stored(1, 'a.pdf'), stored(2, 'b.pdf'), stored(3, 'generat.pdf', false)]} />,
    );
    await user.click(screen.getByRole('button', { name: 'Ștergeți toate fișierele' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Sigur doriți să ștergeți toate cele 2 fișiere?');
    await user.click(within(dialog).getByRole('button', { name: 'Nu' }));
    expect(screen.getByText('a.pdf')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Ștergeți toate fișierele' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Da' }));
    await waitFor(() => expect(screen.queryByText('a.pdf')).not.toBeInTheDocument());
    expect(screen.queryByText('b.pdf')).not.toBeInTheDocument();
    expect(screen.getByText('generat.pdf')).toBeInTheDocument();
  });
});
