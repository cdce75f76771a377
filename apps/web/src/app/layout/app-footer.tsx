import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSettings } from '../../lib/settings';

/** Footer (spec §2): current year, council name from the COUNCIL_NAME setting, about page. */
export function AppFooter({ withMenu }: { withMenu: boolean }) {
  const { t } = useTranslation('layout');
  const { councilName } = useSettings();
  const year = new Date().getFullYear();
  return (
    <footer className={withMenu ? 'app-footer app-footer--with-menu' : 'app-footer'} data-testid="app-footer">
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="gray.8">
          © {year} {councilName}
        </Text>
        <Anchor component={Link} to="/about" size="sm" c="navy.7" data-testid="footer-about">
          {t('footer.about')}
        </Anchor>
      </Group>
    </footer>
  );
}
