import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { cleanNotifications, notificationsStore } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, TestProviders } from '../test-utils';
import { alertDialog, normalizeAlertType } from './alert-dialog';
import { confirmAndRun, confirmDialog } from './confirm-dialog';
import { DIALOG_WIDTH } from './dialog-size';
import { EmptyState } from './empty-state';
import { ErrorState } from './error-state';
import { PageLoader } from './page-loader';
import { showToast, TOAST_DURATION_MS } from './toast';
import { nextProgress, TopProgressBar } from './top-progress-bar';

const activeToasts = () => notificationsStore.getState().notifications.length;

afterEach(() => {
  vi.useRealTimers();
  cleanNotifications();
});

describe('toasts', () => {
  it('stay 5 seconds, with a progress line', async () => {
    expect(TOAST_DURATION_MS).toBe(5000);
    vi.useFakeTimers();
    render(<TestProviders>{null}</TestProviders>);
    act(() => {
      showToast('success', 'Cererea a fost salvată.');
    });
    const toast = screen.getByRole('status');
    expect(toast).toHaveTextContent('Succes');
    expect(toast).toHaveTextContent('Cererea a fost salvată.');
    expect(toast.querySelector('[style*="--notifications-progress-duration: 5000ms"]')).not.toBeNull();
    act(() => vi.advanceTimersByTime(4990));
    expect(activeToasts()).toBe(1);
    act(() => vi.advanceTimersByTime(10));
    expect(activeToasts()).toBe(0);
    // Then the exit transition removes it from the page.
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Cererea a fost salvată.')).not.toBeInTheDocument();
  });

  it('pause while hovered', () => {
    vi.useFakeTimers();
    render(<TestProviders>{null}</TestProviders>);
    act(() => {
      showToast('error', 'Nu s-a putut salva.');
    });
    const toast = screen.getByRole('alert');
    expect(toast).toHaveTextContent('Eroare');
    act(() => vi.advanceTimersByTime(3000));
    fireEvent.mouseEnter(toast);
    act(() => vi.advanceTimersByTime(10_000));
    expect(activeToasts()).toBe(1);
    expect(toast.querySelector('[data-paused]')).not.toBeNull();
    fireEvent.mouseLeave(toast);
    // The timer starts again from the full 5 s once the pointer leaves.
    act(() => vi.advanceTimersByTime(4990));
    expect(activeToasts()).toBe(1);
    act(() => vi.advanceTimersByTime(10));
    expect(activeToasts()).toBe(0);
  });
});

describe('confirmAndRun', () => {
  const ask = (action: () => Promise<unknown>, onError = vi.fn()) =>
    confirmAndRun({
      title: 'Ștergere serie',
      message: 'Ștergeți seria?',
      confirmLabel: 'Ștergeți',
      cancelLabel: 'Renunțați',
      action,
      success: 'Seria a fost ștearsă.',
      onError,
    });

  it('runs the action only after the confirmation, then says it succeeded', async () => {
    const { user } = renderWithProviders(<div />);
    const action = vi.fn().mockResolvedValue(undefined);
    let done: Promise<boolean> = Promise.resolve(false);
    act(() => {
      done = ask(action);
    });
    const dialog = await screen.findByRole('dialog', { name: 'Ștergere serie' });
    expect(action).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Ștergeți' }));
    await expect(done).resolves.toBe(true);
    expect(action).toHaveBeenCalledOnce();
    expect(await screen.findByText('Seria a fost ștearsă.')).toBeInTheDocument();
  });

  it('does nothing when refused, and hands a failure to the error handler', async () => {
    const { user } = renderWithProviders(<div />);
    const action = vi.fn().mockRejectedValue(new Error('refuzat'));
    const onError = vi.fn();
    let done: Promise<boolean> = Promise.resolve(true);
    act(() => {
      done = ask(action, onError);
    });
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Ștergere serie' })).getByRole('button', { name: 'Renunțați' }),
    );
    await expect(done).resolves.toBe(false);
    expect(action).not.toHaveBeenCalled();
    act(() => {
      done = ask(action, onError);
    });
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Ștergere serie' })).getByRole('button', { name: 'Ștergeți' }),
    );
    await expect(done).resolves.toBe(false);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'refuzat' }));
    expect(screen.queryByText('Seria a fost ștearsă.')).toBeNull();
  });
});

describe('confirmDialog', () => {
  it('resolves true on Da and false on Nu', async () => {
    const { user } = renderWithProviders(<div />);
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = confirmDialog({ title: 'Deconectare', message: 'Sigur doriți să vă deconectați?' });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Deconectare' });
    expect(dialog).toHaveTextContent('Sigur doriți să vă deconectați?');
    await user.click(within(dialog).getByRole('button', { name: 'Da' }));
    await expect(answer).resolves.toBe(true);

    act(() => {
      answer = confirmDialog({ title: 'Resetare parolă', message: 'Trimitem linkul?' });
    });
    await user.click(within(await screen.findByRole('dialog', { name: 'Resetare parolă' })).getByRole('button', { name: 'Nu' }));
    await expect(answer).resolves.toBe(false);
  });

  it('resolves false when closed with Escape, and takes custom labels', async () => {
    const { user } = renderWithProviders(<div />);
    let answer: Promise<boolean> = Promise.resolve(true);
    act(() => {
      answer = confirmDialog({ title: 'Ștergere', message: 'Ștergeți?', confirmLabel: 'Ștergeți', cancelLabel: 'Renunțați' });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Ștergere' });
    expect(within(dialog).getByRole('button', { name: 'Ștergeți' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Renunțați' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Închideți fereastra' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await expect(answer).resolves.toBe(false);
  });
});

describe('alertDialog', () => {
  it('turns unknown types into error', () => {
    expect(normalizeAlertType('warning')).toBe('warning');
    expect(normalizeAlertType('success')).toBe('success');
    expect(normalizeAlertType('info')).toBe('info');
    expect(normalizeAlertType('critical')).toBe('error');
    expect(normalizeAlertType(undefined)).toBe('error');
  });

  it('shows an unknown type as an error alert, 32rem wide, and resolves when closed', async () => {
    expect(DIALOG_WIDTH).toBe('32rem');
    const { user } = renderWithProviders(<div />);
    let closed = false;
    act(() => {
      void alertDialog({ type: 'fatal', title: 'Semnare eșuată', message: 'Verificați datele din profil.' }).then(() => {
        closed = true;
      });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Semnare eșuată' });
    expect(dialog.querySelector('[data-alert-type]')).toHaveAttribute('data-alert-type', 'error');
    expect(within(dialog).getByRole('img', { name: 'Eroare' })).toBeInTheDocument();
    expect(dialog.closest('[style*="--modal-size"]')?.getAttribute('style')).toContain('32rem');
    await user.click(within(dialog).getByRole('button', { name: 'Închideți' }));
    await waitFor(() => expect(closed).toBe(true));
  });

  it('uses the given button label and type', async () => {
    const { user } = renderWithProviders(<div />);
    act(() => {
      void alertDialog({ type: 'success', title: 'Parolă resetată', message: 'Verificați e-mailul.', buttonLabel: 'Am înțeles' });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Parolă resetată' });
    expect(within(dialog).getByRole('img', { name: 'Succes' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Am înțeles' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('TopProgressBar', () => {
  it('shows a progressbar while active and finishes when navigation ends', () => {
    vi.useFakeTimers();
    const { rerender } = renderWithProviders(<TopProgressBar active={false} />);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    rerender(<TopProgressBar active />);
    const bar = screen.getByRole('progressbar', { name: 'Se încarcă pagina' });
    act(() => vi.advanceTimersByTime(2000));
    const width = Number.parseFloat(bar.style.width);
    expect(width).toBeGreaterThan(8);
    expect(width).toBeLessThan(90);
    rerender(<TopProgressBar active={false} />);
    expect(bar.style.width).toBe('100%');
    act(() => vi.advanceTimersByTime(400));
    expect(bar.style.opacity).toBe('0');
  });

  it('creeps towards 90 % without reaching it', () => {
    let value = 0;
    for (let i = 0; i < 100; i++) value = nextProgress(value);
    expect(value).toBeLessThanOrEqual(90);
    expect(value).toBeGreaterThan(89);
  });
});

describe('building blocks', () => {
  it('PageLoader announces "Se încarcă…"', () => {
    renderWithProviders(<PageLoader />);
    expect(screen.getByRole('status', { name: 'Se încarcă…' })).toBeInTheDocument();
  });

  it('EmptyState defaults to "Nu există înregistrări"', () => {
    renderWithProviders(<EmptyState />);
    expect(screen.getByText('Nu există înregistrări')).toBeInTheDocument();
  });

  it('ErrorState offers a retry', async () => {
    const onRetry = vi.fn();
    const { user } = renderWithProviders(<ErrorState onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('A apărut o eroare, vă rugăm reîncercați');
    await user.click(screen.getByRole('button', { name: 'Reîncercați' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
