import { useTranslation } from 'react-i18next';

/**
 * First focusable element of every page: jumps over the header and menu to the content
 * (`#main-content` has tabindex -1, so the browser moves focus there).
 */
export function SkipLink() {
  const { t } = useTranslation('layout');
  return (
    <a href="#main-content" className="skip-link" data-testid="skip-link">
      {t('skipToContent')}
    </a>
  );
}
